import type { Identifier } from 'react-admin';
import { useDataProvider, useRefresh } from 'react-admin';
import type { EncoreDataProvider } from '../providers/dataProvider';
import type { Repertoire } from './CreateScreen';
import { useProgressToast } from './toasts';

const KIND = { songs: 'song', performers: 'performer', playlists: 'playlist' } as const;

/**
 * Issue 28: the Undo of a toast. Answers how to take a result back: `work` runs with its own
 * toasts ("Bringing it back", "Brought back." or the server's refusal) and the list reloads.
 */
export function useUndo() {
  const refresh = useRefresh();
  const begin = useProgressToast();
  return (work: () => Promise<unknown>) => () => {
    const toast = begin('undo.pending');
    void work().then(
      () => {
        toast.succeeded('undo.done', 2000);
        refresh();
      },
      (error: unknown) => {
        toast.failed(error instanceof Error && error.message ? error.message : 'undo.failed');
        refresh();
      },
    );
  };
}

/**
 * The Undo of a delete's toast. A deleted song, performer or playlist is kept 30 days on the
 * server, so Undo brings it back (with its playlist places, songs or gigs); a gig's delete has none.
 * Answers how to undo these ids, or undefined.
 */
export function useUndoDelete(resource: Repertoire) {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const undo = useUndo();
  return (ids: Identifier[]) => {
    if (resource === 'gigs' || !ids.length) return undefined;
    const kind = KIND[resource];
    return undo(() => Promise.all(ids.map((id) => dataProvider.restoreDeleted(kind, Number(id)))));
  };
}
