import { HttpError } from 'react-admin';

/** A 422 answer's body (Laravel's shape): each field's messages as a list, or as one text. */
interface Invalid {
  message?: string;
  errors?: Record<string, string[] | string>;
}

/**
 * A 422 answer's errors keyed by the record's fields rather than the server's (`names` maps a server
 * field to a record field: title → naziv, band_id → band), one message each, as a form shows them.
 * Any other failure passes through unchanged.
 */
export function recordErrors(names: Record<string, string>) {
  return (error: unknown): never => {
    if (!(error instanceof HttpError)) throw error;
    const body: Invalid | null = error.body;
    if (!body?.errors) throw error;
    const errors = Object.fromEntries(
      Object.entries(body.errors).map(([name, messages]) => [
        names[name] ?? name,
        Array.isArray(messages) ? messages[0] : messages,
      ]),
    );
    throw new HttpError(error.message, error.status, { ...body, errors });
  };
}
