import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DJURDJEVDAN, listOf, params, stubObjectUrls } from './catalog';
import { BAND_ADMIN, fakeFetch, json, renderScreen, signIn } from './helpers';

const EXPORT = 'GET /api/admin/songs/export';

stubObjectUrls();

/** Issue 26: the CSV comes in the panel's language, so the button tells the server which it is. */
describe('Export', () => {
  it.each([
    ['en', 'Export'],
    ['sr', 'Izvoz'],
    ['sr-Cyrl', 'Извоз'],
  ] as const)(
    'in %s sends the panel’s locale as lang, with the list’s filter and search',
    async (locale, label) => {
      signIn(BAND_ADMIN);
      const server = fakeFetch({
        'GET /api/user': json(200, BAND_ADMIN),
        'GET /api/admin/songs': listOf(() => [DJURDJEVDAN]),
        [EXPORT]: () => new Response('\uFEFFTitle\r\n', { headers: { 'Content-Type': 'text/csv' } }),
      });
      const { user } = renderScreen('/admin/songs?q=djur', { locale });
      await screen.findByText(DJURDJEVDAN.naziv);
      await user.click(screen.getByRole('button', { name: label }));
      await waitFor(() => expect(server.callsTo(EXPORT)).toHaveLength(1));
      const query = params(server.callsTo(EXPORT)[0]);
      expect(Object.fromEntries(query)).toEqual({ o: '2', q: 'djur', lang: locale });
    },
  );
});
