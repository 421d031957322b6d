import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAND_ADMIN, fakeFetch, json, renderScreen, signIn } from './helpers';
import { formFields } from './catalog';

/** The panel's side of issue 13: the band link on the Gigs list, 'Allow messages' on Add gig. */
const LINK = {
  id: 1,
  naziv: 'Zvezde Beograda',
  slug: 'zvezde-beograda',
  url: 'https://encore.test/r/zvezde-beograda',
};

describe('Gig night in the panel (issue 13)', () => {
  it("shows the band link with 'Open QRC' and 'Print QRC' above the band's gigs", async () => {
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/gigs': json(200, { data: [], total: 0 }),
      'GET /api/admin/band/1/link': json(200, LINK),
    });
    renderScreen('/admin/gigs');
    const link = await screen.findByRole('link', { name: LINK.url });
    expect(link).toHaveAttribute('href', LINK.url);
    expect(screen.getByRole('region', { name: 'Band link' })).toHaveAttribute(
      'title',
      'One QR code for every gig: it opens the gig that takes requests now.',
    );
    expect(screen.getByRole('button', { name: 'Open QRC' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print QRC' })).toBeInTheDocument();
    expect(screen.getByTestId('gig-print-block')).toContainElement(screen.getByTitle(new RegExp(LINK.url)));
    expect(server.callsTo('GET /api/admin/band/1/link')).toHaveLength(1);
  });

  it("sends 'Allow messages' with a new gig (off unless ticked)", async () => {
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/playlists': json(200, {
        data: [{ id: 4, naziv: 'Subotnje veče', owned: true }],
        total: 1,
      }),
      'GET /api/admin/playlist/4': json(200, {
        error: false,
        id: 4,
        naziv: 'Subotnje veče',
        slika: null,
        owned: true,
        visibility: false,
        songs: [],
      }),
      'POST /api/admin/addgig': json(200, { id: 12 }),
    });
    const { user } = renderScreen('/admin/addgig');
    const allow = await screen.findByRole('checkbox', { name: 'Allow messages' });
    expect(allow).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Gig name' }), 'Badnje veče');
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Dva jelena');
    await user.type(screen.getByLabelText('Start time *'), '2026-12-24T21:00');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Playlist' })).toHaveValue('Subotnje veče'),
    );
    await user.click(allow);
    await user.click(screen.getByRole('button', { name: 'Add Gig' }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/addgig')).toHaveLength(1));
    expect(new Map(formFields(server.callsTo('POST /api/admin/addgig')[0].body)).get('allow_messages')).toBe(
      '1',
    );
  });
});
