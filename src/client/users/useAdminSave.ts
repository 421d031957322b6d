import { useState } from 'react';
import { type RaRecord, useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { describeFailure } from '../components/requestFailure';
import type { Conflict } from '../components/conflict/ConflictDialog';
import { savedMeanwhile } from '../components/conflict/LazyConflictDialog';
import { fieldErrors, signedOut, useAdminChanged } from './useAdminChanged';

/**
 * The save of an Add or Edit modal of users or bands (spec §2): a create, or a pessimistic update; the
 * success toast unless the user was signed out on the way; the modal closed; and the lists that show
 * the change reloaded. A failure stays in the modal: its text, and the fields' errors for the form.
 */
export function useAdminSave<R extends RaRecord>(
  resource: 'users' | 'bands',
  /** The record edited; none to add one. */
  record: R | undefined,
  onClose: () => void,
  /** Spec §8: adding a band reports the HTTP status of a failure, adding a user does not. */
  { statusOnAdd }: { statusOnAdd: boolean },
) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate<R>();
  const [update] = useUpdate<R>();
  const changed = useAdminChanged();
  const [failure, setFailure] = useState<string>();
  /** A save refused because someone saved the record first (issue 28): theirs beside the user's. */
  const [conflict, setConflict] = useState<Conflict>();
  const action = record ? 'edit' : 'add';

  /** Saves the form's values; `over`: the record as it is now, when applying them on top of it. */
  async function save(values: Partial<R>, over?: R) {
    setFailure(undefined);
    try {
      const saved = record
        ? await update(
            resource,
            { id: record.id, data: values, previousData: over ?? record },
            { mutationMode: 'pessimistic', returnPromise: true },
          )
        : await create(resource, { data: values }, { returnPromise: true });
      if (!signedOut(saved))
        notify(`${resource}.${action}.success`, { type: 'success', autoHideDuration: 3000 });
      onClose();
      // react-admin reloads the resource's own lists after a create, not after an update; users show
      // band names and bands their member counts.
      await (record ? changed('users', 'bands') : changed(resource === 'users' ? 'bands' : 'users'));
      return undefined;
    } catch (error) {
      const theirs = savedMeanwhile(error);
      if (theirs && record) {
        setConflict({ base: over ?? record, mine: values, theirs });
        return undefined;
      }
      setFailure(
        describeFailure(error, {
          failed: translate(`${resource}.${action}.failed`),
          network: translate(`${resource}.${action}.network`),
          withStatus: Boolean(record) || statusOnAdd,
        }),
      );
      return fieldErrors(error);
    }
  }

  const resolve = conflict && {
    conflict,
    /** Saves the user's values on top of theirs (the merged values, over their version). */
    apply: (merged: Record<string, unknown>) => {
      setConflict(undefined);
      void save(merged as Partial<R>, conflict.theirs as R);
    },
    /** Drops the user's change: the modal closes and the lists show theirs. */
    reload: () => {
      setConflict(undefined);
      onClose();
      void changed('users', 'bands');
    },
  };

  return { save: (values: Partial<R>) => save(values), failure, setFailure, adding: !record, resolve };
}
