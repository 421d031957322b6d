import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Performer } from '../../src/client/performers/types';
import { BIJELO_DUGME, EKV, formFields, performer, stubObjectUrls } from './catalog';
import {
  BAND_ADMIN,
  currentLocation,
  fakeFetch,
  json,
  navigationType,
  pending,
  renderScreen,
  signIn,
  type Reply,
} from './helpers';

const ADD = 'POST /api/admin/addperformer';
const NEW = performer({ id: 15, naziv: 'Đorđe Balašević', visibility: true });
stubObjectUrls();

/** A band admin at `entry` (with toasts) against a server knowing `known` performers. */
function openPerformerScreen(entry: string, known: Performer[], extra: Record<string, Reply> = {}) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    ...Object.fromEntries(known.map((p) => [`GET /api/admin/performer/${p.id}`, json(200, p)])),
    ...extra,
  });
  const view = renderScreen(entry);
  return { ...view, server };
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });

describe('Add performer', () => {
  it("has the heading 'Add performer', Name, Picture, 'Visible public' (unchecked) and 'Add Performer'", async () => {
    openPerformerScreen('/admin/addperformer', []);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add performer' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('');
    expect(screen.getByLabelText('Picture')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Add Performer' })).toBeInTheDocument();
  });

  it("POSTs multipart title, picture and visible, shows 'Adding performer, please wait...' then 'Performer has been added', and replaces history with /admin/performer/{id}", async () => {
    const answer = pending();
    const { user, server } = openPerformerScreen('/admin/addperformer', [NEW], { [ADD]: answer.reply });
    await screen.findByRole('heading', { level: 1, name: 'Add performer' });
    await user.type(nameField(), 'Đorđe Balašević');
    await user.upload(
      screen.getByLabelText('Picture'),
      new File(['png'], 'djole.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Picture preview' })).toHaveAttribute(
      'src',
      'blob:preview/djole.png',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Visible public' }));
    await user.click(screen.getByRole('button', { name: 'Add Performer' }));

    expect(await screen.findByText('Adding performer, please wait...')).toBeInTheDocument();
    const [add] = server.callsTo(ADD);
    expect(add.url).toBe('/api/admin/addperformer');
    expect(new Map(formFields(add.body))).toEqual(
      new Map([
        ['title', 'Đorđe Balašević'],
        ['picture', 'file djole.png'],
        ['visible', '1'],
      ]),
    );

    answer.release(new Response(JSON.stringify({ id: 15 }), { status: 201 }));
    expect(await screen.findByText('Performer has been added')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/admin/performer/15'));
    expect(navigationType()).toBe('REPLACE');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit performer Đorđe Balašević' }),
    ).toBeInTheDocument();
  });
});

describe('Edit performer', () => {
  it("shows 'Edit performer {name}' with Name and 'Visible public' filled in", async () => {
    openPerformerScreen('/admin/performer/3', [BIJELO_DUGME]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit performer Bijelo Dugme' }),
    ).toBeInTheDocument();
    expect(nameField()).toHaveValue('Bijelo Dugme');
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Update Performer' })).toBeEnabled();
  });

  it("'Update Performer' POSTs multipart to /api/admin/performer/{id}/update and shows the saved name", async () => {
    const saved = { ...BIJELO_DUGME, naziv: 'Bijelo Dugme (1974)', visibility: false };
    let current = BIJELO_DUGME;
    const { user, server } = openPerformerScreen('/admin/performer/3', [], {
      'GET /api/admin/performer/3': () => new Response(JSON.stringify(current)),
      'POST /api/admin/performer/3/update': () => {
        current = saved;
        return new Response(JSON.stringify(saved));
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit performer Bijelo Dugme' });
    await user.clear(nameField());
    await user.type(nameField(), 'Bijelo Dugme (1974)');
    await user.click(screen.getByRole('checkbox', { name: 'Visible public' }));
    await user.click(screen.getByRole('button', { name: 'Update Performer' }));

    await waitFor(() => expect(server.callsTo('POST /api/admin/performer/3/update')).toHaveLength(1));
    expect(new Map(formFields(server.callsTo('POST /api/admin/performer/3/update')[0].body))).toEqual(
      new Map([
        ['title', 'Bijelo Dugme (1974)'],
        ['visible', '0'],
      ]),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit performer Bijelo Dugme (1974)' }),
    ).toBeInTheDocument();
  });

  it("shows another band's performer read-only", async () => {
    openPerformerScreen('/admin/performer/7', [EKV]);
    await screen.findByRole('heading', { level: 1, name: 'Edit performer Ekatarina Velika' });
    expect(screen.getByRole('alert')).toHaveTextContent(/another band/i);
  });

  it("disables 'Update Performer' on another band's performer", async () => {
    openPerformerScreen('/admin/performer/7', [EKV]);
    await screen.findByRole('heading', { level: 1, name: 'Edit performer Ekatarina Velika' });
    expect(screen.getByRole('button', { name: 'Update Performer' })).toBeDisabled();
  });
});
