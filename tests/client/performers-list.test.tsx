import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Performer } from '../../src/client/performers/types';
import {
  BIJELO_DUGME,
  EKV,
  RIBLJA_CORBA,
  layOut,
  listOf,
  params,
  performer,
  performerDeleted,
  scrollTo,
} from './catalog';
import { BAND_ADMIN, fakeFetch, json, pending, renderScreen, settle, signIn, type Reply } from './helpers';

const LIST = 'GET /api/admin/performers';
const DELETE = 'GET /api/admin/performer/3/delete';

/** A band admin on /admin/performers (with toasts) against a server listing performers with `list`. */
function openPerformers(
  list: Reply,
  extra: Record<string, Reply> = {},
  // English unless asked: i18nProvider is one module-wide object, so a test in Serbian would otherwise
  // leave the next ones in Serbian.
  { url = '/admin/performers', locale = 'en' }: { url?: string; locale?: 'en' | 'sr' } = {},
) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({ 'GET /api/user': json(200, BAND_ADMIN), [LIST]: list, ...extra });
  const view = renderScreen(url, { locale });
  return { ...view, server, listCalls: () => server.callsTo(LIST).map(params) };
}

/** The performers per ownership filter value os (1 all, 2 mine, 3 others). */
const byOwnership = (query: URLSearchParams): Performer[] =>
  ({ '1': [BIJELO_DUGME, RIBLJA_CORBA, EKV], '2': [BIJELO_DUGME, RIBLJA_CORBA], '3': [EKV] })[
    query.get('os') ?? ''
  ] ?? [];

const row = async (naziv: string) => (await screen.findByText(naziv)).closest('li')!;

describe('Performers list', () => {
  it("has the heading 'Performers', the ownership filter with 'My Performers' pressed (os=2) and 'Search by name'", async () => {
    const { listCalls } = openPerformers(listOf(byOwnership));
    expect(await screen.findByRole('heading', { level: 1, name: 'Performers' })).toBeInTheDocument();
    const filter = within(screen.getByRole('group', { name: 'Ownership filter' }));
    expect(filter.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All Performers',
      'My Performers',
      'Other Performers',
    ]);
    expect(filter.getByRole('button', { name: 'My Performers' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByPlaceholderText('Search by name')).toBeInTheDocument();
    await row(BIJELO_DUGME.naziv);
    expect(listCalls()[0].get('os')).toBe('2');
    expect(listCalls()[0].get('pg')).toBe('0');
    expect(listCalls()[0].has('o')).toBe(false);
  });

  it.each([
    ['All Performers', '1', EKV],
    ['Other Performers', '3', EKV],
  ])("'%s' reloads the list with os=%s", async (label, value, shown) => {
    const { user, listCalls } = openPerformers(listOf(byOwnership));
    await row(BIJELO_DUGME.naziv);
    expect(screen.queryByText(shown.naziv)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(listCalls().at(-1)!.get('os')).toBe(value));
    expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(shown.naziv)).toBeInTheDocument();
  });

  it('searches by name with q once typing pauses', async () => {
    const search = (query: URLSearchParams) =>
      query.get('q') === 'corba' ? [RIBLJA_CORBA] : byOwnership(query);
    const { user, listCalls } = openPerformers(listOf(search));
    await row(BIJELO_DUGME.naziv);
    await user.type(screen.getByPlaceholderText('Search by name'), 'corba');
    await waitFor(() => expect(listCalls().at(-1)!.get('q')).toBe('corba'));
    expect(await screen.findByText(RIBLJA_CORBA.naziv)).toBeInTheDocument();
    expect(screen.queryByText(BIJELO_DUGME.naziv)).not.toBeInTheDocument();
    const last = listCalls().at(-1)!;
    expect(last.get('q')).toBe('corba');
    expect(last.get('os')).toBe('2');
    expect(listCalls().filter((query) => query.get('q')).length).toBeLessThan('corba'.length);
  });

  it("links each performer's name to /admin/performer/{id}; owned ones get 'Yours', edit and delete", async () => {
    const { user } = openPerformers(listOf(byOwnership));
    const mine = within(await row(BIJELO_DUGME.naziv));
    expect(mine.getByRole('link', { name: 'Bijelo Dugme' })).toHaveAttribute('href', '/admin/performer/3');
    expect(mine.getByRole('link', { name: 'Edit Bijelo Dugme' })).toHaveAttribute(
      'href',
      '/admin/performer/3',
    );
    expect(mine.getByRole('button', { name: 'Delete Bijelo Dugme' })).toBeInTheDocument();
    expect(mine.getByTitle('Yours')).toBeInTheDocument();
    expect((await row(RIBLJA_CORBA.naziv)).querySelector('img')).toHaveAttribute('src', RIBLJA_CORBA.slika);

    await user.click(screen.getByRole('button', { name: 'Other Performers' }));
    const other = within(await row(EKV.naziv));
    expect(other.getByRole('link', { name: 'Ekatarina Velika' })).toHaveAttribute(
      'href',
      '/admin/performer/7',
    );
    expect(other.getByTitle("Another band's (read-only)")).toBeInTheDocument();
    expect(other.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(other.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("shows 'Nema podataka' when there are no performers", async () => {
    openPerformers(listOf(() => []));
    expect(await screen.findByText('Nema podataka')).toBeInTheDocument();
  });

  it('asks for the next page (pg=1) when the list area is scrolled to its end', async () => {
    const many = Array.from({ length: 25 }, (_, i) => performer({ id: 200 + i, naziv: `Izvođač ${i + 1}` }));
    const firstPage = pending();
    const rest = listOf(() => many);
    const { listCalls } = openPerformers((call) =>
      params(call).get('pg') === '0' ? firstPage.reply(call) : rest(call),
    );
    const area = await screen.findByTestId('scroll-list');
    layOut(area);
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    firstPage.release(new Response(JSON.stringify({ data: many.slice(0, 20), total: 25 })));
    expect(await screen.findByText('Izvođač 20')).toBeInTheDocument();
    await settle();
    expect(listCalls()).toHaveLength(1);
    scrollTo(area, 1500);
    expect(await screen.findByText('Izvođač 25')).toBeInTheDocument();
    expect(listCalls()[1].get('pg')).toBe('1');
    expect(listCalls()[1].get('os')).toBe('2');
  });
});

describe('Performers list: the URL and the language', () => {
  it('restores the ownership filter and the search from the URL (?o=1&q=dugme)', async () => {
    const search = (query: URLSearchParams) =>
      query.get('q') === 'dugme' ? [BIJELO_DUGME] : byOwnership(query);
    const { listCalls } = openPerformers(listOf(search), {}, { url: '/admin/performers?o=1&q=dugme' });
    expect(await row(BIJELO_DUGME.naziv)).toBeInTheDocument();
    expect(listCalls()[0].get('os')).toBe('1');
    expect(listCalls()[0].get('q')).toBe('dugme');
    expect(screen.getByPlaceholderText('Search by name')).toHaveValue('dugme');
    const filter = within(screen.getByRole('group', { name: 'Ownership filter' }));
    expect(filter.getByRole('button', { name: 'All Performers' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(RIBLJA_CORBA.naziv)).not.toBeInTheDocument();
  });

  it('speaks Serbian with the sr locale', async () => {
    openPerformers(listOf(byOwnership), {}, { locale: 'sr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Izvođači' })).toBeInTheDocument();
    const filter = within(screen.getByRole('group', { name: 'Filter vlasništva' }));
    expect(filter.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Svi izvođači',
      'Moji izvođači',
      'Tuđi izvođači',
    ]);
    expect(screen.getByPlaceholderText('Pretraga po nazivu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Izvoz' })).toBeInTheDocument();
    const mine = within(await row(BIJELO_DUGME.naziv));
    expect(mine.getByRole('button', { name: 'Obriši Bijelo Dugme' })).toBeInTheDocument();
    expect(mine.getByText(BIJELO_DUGME.visibility ? 'Javno' : 'Privatno')).toBeInTheDocument();
    expect(screen.queryByText('Search by name')).not.toBeInTheDocument();
  });
});

describe('Deleting a performer', () => {
  it("confirms, sends GET /api/admin/performer/{id}/delete, then shows 'Izmenjeno pesama: {count}' with the deleted performer and reloads the list", async () => {
    const performers = [BIJELO_DUGME, RIBLJA_CORBA];
    const deleted = performerDeleted({ ...BIJELO_DUGME, slika: '/uploads/pictures/bd.png' }, 4);
    const { user, server } = openPerformers(
      listOf(() => performers),
      {
        [DELETE]: () => {
          performers.splice(0, 1);
          return new Response(JSON.stringify({ error: false, ...deleted }));
        },
      },
    );
    await user.click(
      within(await row(BIJELO_DUGME.naziv)).getByRole('button', { name: 'Delete Bijelo Dugme' }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Bijelo Dugme');
    expect(server.callsTo(DELETE)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const alert = await screen.findByRole('alertdialog');
    expect(server.callsTo(DELETE)).toHaveLength(1);
    expect(alert).toHaveTextContent('Izmenjeno pesama: 4');
    expect(within(alert).getByText('Bijelo Dugme')).toBeInTheDocument();
    expect(alert.querySelector('img')).toHaveAttribute('src', '/uploads/pictures/bd.png');
    await waitFor(() =>
      expect(within(screen.getByTestId('scroll-list')).queryByText('Bijelo Dugme')).not.toBeInTheDocument(),
    );
    expect(screen.getByText(RIBLJA_CORBA.naziv)).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("counts 'Izmenjeno pesama: 0' for a performer without songs", async () => {
    const { user } = openPerformers(
      listOf(() => [BIJELO_DUGME]),
      {
        [DELETE]: json(200, { error: false, ...performerDeleted(BIJELO_DUGME, 0) }),
      },
    );
    await user.click(
      within(await row(BIJELO_DUGME.naziv)).getByRole('button', { name: 'Delete Bijelo Dugme' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Izmenjeno pesama: 0');
  });
});
