import { createContext, useContext } from 'react';
import { usePermissionsOf } from '../providers/identity';

/**
 * Whether the signed-in user may change an item, and if not the notice that says why (a message
 * key): the one place that decides it for every edit screen. Another band's item is nobody's to
 * change here; the band's own items are read-only for viewers (DESIGN §4 roles). While permissions
 * load nothing is editable yet, and no notice is shown.
 */
export function useEditable(owned: boolean): { editable: boolean; notice?: string } {
  const { role, canWrite } = usePermissionsOf();
  if (!owned) return { editable: false, notice: 'item.read_only' };
  if (!role) return { editable: false };
  return canWrite ? { editable: true } : { editable: false, notice: 'item.viewer_read_only' };
}

/**
 * Whether the signed-in user may add items, and if not why (a message key): viewers only look, and
 * a user without a band has nowhere to add to. While permissions load neither is known: no form
 * is shown yet, and no refusal.
 */
export function useMayAdd(): { mayAdd: boolean; refusal?: string } {
  const { role, canWrite, band } = usePermissionsOf();
  if (!role) return { mayAdd: false };
  if (!canWrite) return { mayAdd: false, refusal: 'item.viewer_add' };
  return band === null ? { mayAdd: false, refusal: 'item.no_band' } : { mayAdd: true };
}

const ReadOnlyContext = createContext(false);

/** Set by the edit screen around its form: true when nothing in it may be changed. */
export const ReadOnlyForm = ReadOnlyContext.Provider;

/** Whether the form around this input is read-only (react-admin inputs take it as `readOnly`). */
export const useReadOnly = () => useContext(ReadOnlyContext);
