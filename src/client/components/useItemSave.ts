import { type RaRecord, useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { submissionErrors } from './formErrors';
import { withToasts } from './toasts';

interface Messages {
  pending: string;
  success: string;
}

type Values = Record<string, unknown>;

/** Runs a save with the spec's toasts; a 422 comes back as errors for the form's fields. */
async function save<T>(run: () => Promise<T>, messages: Messages) {
  let fieldErrors: Record<string, string> | undefined;
  const result = await withToasts(async () => {
    try {
      return await run();
    } catch (error) {
      fieldErrors = submissionErrors(error);
      throw error;
    }
  }, messages);
  return { result, fieldErrors };
}

/** Add screens: create, then go to the new item's edit screen, replacing history (spec §4). */
export function useCreateThenEdit(
  resource: string,
  editPath: (id: RaRecord['id']) => string,
  messages: Messages,
) {
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  return async (values: Values) => {
    const { result, fieldErrors } = await save(
      () => dataProvider.create(resource, { data: values }),
      messages,
    );
    if (result) navigate(editPath(result.data.id), { replace: true });
    return fieldErrors;
  };
}

/** Edit screens: update and hand the server's answer to `onSaved`. */
export function useUpdateItem<T extends RaRecord>(
  resource: string,
  record: T | undefined,
  messages: Messages,
  onSaved: (saved: T) => void,
) {
  const dataProvider = useDataProvider();
  return async (values: Values) => {
    if (!record) return undefined;
    const { result, fieldErrors } = await save(
      () => dataProvider.update<T>(resource, { id: record.id, data: values, previousData: record }),
      { ...messages },
    );
    if (result) onSaved(result.data);
    return fieldErrors;
  };
}
