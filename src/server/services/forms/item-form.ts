import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../../errors.js';
import type { UserWithBand } from '../../db/users.js';
import { insertNamedItem, type NamedItemTable } from '../../db/named-items.js';
import { iso } from '../../lib/clock.js';
import { type FileRule, PICTURE } from '../files/file-kinds.js';
import { ApiError } from '../../errors.js';

/** The fields and files of a multipart request (or the fields of a JSON one), as the uploads plugin
 *  reads them. */
export interface FormData {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

export const MAX_TITLE = 200;

/** Collects validation messages per field and throws them together as one 422. */
export class FormErrors {
  // No prototype: a field named like an Object method ("toString") is just a field.
  private errors: Record<string, string[]> = Object.create(null);
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  throwIfAny() {
    if (Object.keys(this.errors).length) throw invalid(this.errors);
  }
}

export function requiredTitle(form: FormData, errors: FormErrors, field = 'title'): string {
  const title = (form.fields[field] ?? '').trim();
  if (!title) errors.add(field, `The ${field} field is required.`);
  else if (title.length > MAX_TITLE)
    errors.add(field, `The ${field} may not be longer than ${MAX_TITLE} characters.`);
  return title;
}

/** Checkbox values as browsers and the panel send them; absent means off. */
export function checkbox(form: FormData, field: string, errors: FormErrors): number {
  const value = (form.fields[field] ?? '').trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(value)) return 1;
  if (['', '0', 'false', 'off', 'no'].includes(value)) return 0;
  errors.add(field, `The ${field} field must be true or false.`);
  return 0;
}

/** The band new items go to; a user without one cannot add any. */
export function bandOf(user: UserWithBand): number {
  if (user.band_id === null) {
    throw new ApiError(422, {
      message: 'You need to belong to a band to add items.',
      errors: { band: ['You need to belong to a band to add items.'] },
    });
  }
  return user.band_id;
}

/**
 * Stores the new files of a form after its fields validated, and hands back their names; if the
 * database write then fails, the files stored here are removed again.
 */
export async function withStoredFiles<T>(
  app: FastifyInstance,
  form: FormData,
  rules: Record<string, FileRule>,
  write: (stored: Record<string, string>) => Promise<T>,
): Promise<T> {
  const stored: Record<string, string> = {};
  try {
    for (const [field, rule] of Object.entries(rules)) {
      const buffer = form.files[field];
      if (buffer) stored[field] = await app.uploads.store(field, buffer, rule);
    }
    return await write(stored);
  } catch (error) {
    await Promise.all(Object.values(stored).map((name) => app.uploads.remove(name)));
    throw error;
  }
}

/** The add route of performers and playlists (spec §7): multipart title, picture, visible → id. */
export async function addNamedItem(app: FastifyInstance, request: FastifyRequest, table: NamedItemTable) {
  const form = await app.uploads.readForm(request);
  const errors = new FormErrors();
  const naziv = requiredTitle(form, errors);
  const visibility = checkbox(form, 'visible', errors);
  errors.throwIfAny();
  const band = bandOf(request.user!);
  const id = await withStoredFiles(app, form, { picture: PICTURE }, (stored) =>
    insertNamedItem(app.db, table, {
      band_id: band,
      created_by: request.user!.id,
      naziv,
      slika: stored.picture ?? null,
      visibility,
      now: iso(app.clock()),
    }),
  );
  return { id };
}
