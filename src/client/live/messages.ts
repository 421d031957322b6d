/** The viewer area /viewer, in English as first written, and Serbian (messages.sr.ts). */
export const en = {
  viewer_area: {
    title: 'Viewer area',
    signed_in: 'Signed in as %{name} · Band: %{band}',
    gigs: 'Gigs',
    loading: 'Loading gigs…',
    failed: 'Could not load the gigs: %{message}',
    empty: 'Your band has no gigs yet.',
    today: 'Today',
  },
};
