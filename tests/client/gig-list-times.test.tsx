import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GigRow } from '../../src/client/gigs/types';
import { listOf } from './catalog';
import { BAND_ADMIN, fakeFetch, json, renderScreen, signIn } from './helpers';

const GIG: GigRow = {
  id: 5,
  naziv: 'Subota u Dvorištu',
  lokacija: 'Dvorište, Beograd',
  pocetak: '2026-12-05T21:00',
  slika: null,
  status: true,
  token: 'tok-subota',
};

/** A band admin on the gigs list; the server's time zone is far from the gig's. */
function openGigs(locale: 'en' | 'sr') {
  const user = { ...BAND_ADMIN, time_zone: 'America/Los_Angeles' };
  signIn(user);
  fakeFetch({ 'GET /api/user': json(200, user), 'GET /api/admin/gigs': listOf(() => [GIG]) });
  renderScreen('/admin/gigs', { locale });
}

describe("Gigs list: a gig's start in the reader's form (issue 26)", () => {
  // The start is the band's own wall-clock time: no zone moves its digits.
  it('in Serbian, as Serbian writes a date', async () => {
    openGigs('sr');
    expect(await screen.findByText('Dvorište, Beograd (5. 12. 2026. 21:00)')).toBeInTheDocument();
  });

  it('in English, in the device region’s form (en-US here)', async () => {
    openGigs('en');
    expect(await screen.findByText('Dvorište, Beograd (Dec 5, 2026, 9:00 PM)')).toBeInTheDocument();
  });
});
