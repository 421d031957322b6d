import {
  type DeleteResult,
  type Identifier,
  type RaRecord,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import type { Repertoire } from './CreateScreen';
import { useWithToasts } from './toasts';
import { useDeleteConfirm } from './useDeleteConfirm';
import { useUndoDelete } from './useUndoDelete';

interface Options<R extends RaRecord> {
  /** Sent with the delete (a playlist that an active gig plays: force). */
  meta?: object;
  /** The confirmation's text instead of the default (translated): whether Undo can take it back. */
  content?: string;
  /** The success toast worked out from the server's answer, instead of `<resource>.delete.success`. */
  success?: (result: DeleteResult<R>) => string;
  /** What the screen does with the server's answer (the performer's affected songs). */
  deleted?: (result: DeleteResult<R>) => void;
}

/**
 * A list row's delete (spec §2, §8): asks first, then deletes with the toasts of
 * `<resource>.delete.*` and reloads the list. `R` is the server's delete answer, with the id.
 */
export function useDeleteRow(resource: Repertoire) {
  const { ask, dialog } = useDeleteConfirm();
  const withToasts = useWithToasts();
  const dataProvider = useDataProvider();
  const undoDelete = useUndoDelete(resource);
  const translate = useTranslate();
  // Songs, performers and playlists come back with the toast's Undo (issue 28); a gig does not.
  const canUndo = resource !== 'gigs';
  const remove = <R extends RaRecord = RaRecord>(
    row: { id: Identifier; naziv: string },
    refresh: () => void,
    { meta, content, success, deleted }: Options<R> = {},
  ) =>
    ask(
      row.naziv,
      async () => {
        const result = await withToasts(() => dataProvider.delete<R>(resource, { id: row.id, meta }), {
          pending: `${resource}.delete.pending`,
          success: success ?? `${resource}.delete.success`,
          error: `${resource}.delete.error`,
          autoClose: 1000,
          undo: () => undoDelete([row.id]),
        });
        if (result) deleted?.(result);
        refresh();
      },
      content ?? (canUndo ? translate('confirm.can_undo') : undefined),
    );
  return { remove, dialog };
}
