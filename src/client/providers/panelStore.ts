import { type AuthProvider, type DataProvider, localStorageStore } from 'react-admin';

export interface PanelProviders {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
}

/** react-admin's store in localStorage, except that signing out keeps the chosen language. */
function panelStore() {
  const store = localStorageStore(undefined, 'encore');
  return {
    ...store,
    reset() {
      const locale = store.getItem<string>('locale');
      store.reset();
      if (locale) store.setItem('locale', locale);
    },
  };
}

/** One store for the login page and the panel: the language chosen on one is the other's. */
export const store = panelStore();
