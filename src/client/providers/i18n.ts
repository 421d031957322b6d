import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const messages = {
  ...englishMessages,
  resources: {
    songs: { name: 'Song |||| Songs' },
    performers: { name: 'Performer |||| Performers' },
    playlists: { name: 'Playlist |||| Playlists' },
    gigs: { name: 'Gig |||| Gigs' },
  },
};

// allowMissing: spec strings passed straight to notify() are shown as written.
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', { allowMissing: true });
