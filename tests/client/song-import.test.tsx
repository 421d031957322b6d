import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAND_ADMIN, fakeFetch, json, renderScreen, signIn } from './helpers';

const row = (line: number, title: string, performer = 'Bajaga') => ({
  line,
  title,
  performer,
  visible: false,
  resursi: null,
});

// What the server's preview answers for a file with a song the band has and a row repeated.
const PREVIEW = {
  add: [{ ...row(2, 'Nova pesma'), performer_id: 3 }],
  duplicates: [{ ...row(3, 'Đurđevdan'), song_id: 9 }],
  repeated: [{ ...row(4, 'nova pesma'), same_as_line: 2 }],
  new_performers: [],
  errors: [
    {
      line: 5,
      reason: 'the title is missing; the resource link is not a web address',
      reasons: [{ code: 'import_title_missing' }, { code: 'import_link_invalid' }],
    },
  ],
};

async function previewFile(locale?: 'en' | 'sr') {
  signIn(BAND_ADMIN);
  fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    'POST /api/admin/songs/import/preview': json(200, PREVIEW),
  });
  const { user } = renderScreen('/admin/importsongs', { locale });
  const file = new File(['title,performer\n'], 'repertoar.csv', { type: 'text/csv' });
  await user.upload(await screen.findByLabelText(locale === 'sr' ? 'CSV datoteka' : 'CSV file'), file);
  await user.click(screen.getByRole('button', { name: locale === 'sr' ? 'Pregled' : 'Preview' }));
}

const lines = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell')[0].textContent);

describe('Import songs preview (issue 26, point 3)', () => {
  it('lists rows repeated in the file apart from songs already in the band’s songs', async () => {
    await previewFile();
    expect(
      await screen.findByRole('heading', { name: '1 already in your songs (skipped)' }),
    ).toBeInTheDocument();
    expect(lines(screen.getByRole('table', { name: 'Already in your songs' }))).toEqual(['3']);
    expect(screen.getByRole('heading', { name: '1 repeated in this file (skipped)' })).toBeInTheDocument();
    const repeated = screen.getByRole('table', { name: 'Repeated in this file' });
    expect(lines(repeated)).toEqual(['4']);
    expect(within(repeated).getByText('same as line 2')).toBeInTheDocument();
  });

  it('names the group in Serbian', async () => {
    await previewFile('sr');
    expect(
      await screen.findByRole('heading', { name: 'Ponovljeno u ovoj datoteci (preskočeno): 1' }),
    ).toBeInTheDocument();
    expect(lines(screen.getByRole('table', { name: 'Ponovljeno u ovoj datoteci' }))).toEqual(['4']);
    expect(lines(screen.getByRole('table', { name: 'Već postoji u vašim pesmama' }))).toEqual(['3']);
  });

  it('says why a row is skipped in the reader’s language, by the reasons’ codes', async () => {
    await previewFile();
    const rows = await screen.findByRole('list', { name: 'Rows with problems' });
    expect(
      within(rows).getByText('Line 5: the title is missing; the resource link is not a web address'),
    ).toBeVisible();
  });

  it('says it in Serbian', async () => {
    await previewFile('sr');
    const rows = await screen.findByRole('list', { name: 'Redovi sa greškom' });
    expect(within(rows).getByText('Red 5: nedostaje naziv; link do resursa nije veb adresa')).toBeVisible();
  });
});
