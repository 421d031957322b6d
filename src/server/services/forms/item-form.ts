import { say } from '../../../shared/server-messages.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { UserWithBand } from '../../db/users.js';
import { NEEDS_BAND } from '../../db/locks.js';
import type { FileRule } from '../files/file-kinds.js';
import { invalid } from '../../errors.js';
import { Checkbox, File, Form, Reference, Title, VersionField } from './fields.js';
import { SongSheet } from './song-sheet-form.js';

/** Spec §7: the add form of performers and playlists (title, picture, visible). */
export const NamedItemForm = Form({
  title: Title(),
  visible: Checkbox('visible'),
  picture: File('An image (PNG, JPEG, GIF, WebP or AVIF).'),
});

/** Their edit form: the add form's fields, and remove_picture to drop the picture. */
export const NamedItemUpdate = Form({
  ...NamedItemForm.properties,
  remove_picture: Checkbox('remove_picture'),
  version: VersionField,
});

/** Spec §7: the song form. The performer must be one the writer may use: db/songs.ts checks that. */
export const SongForm = Form({
  title: Title(),
  visible: Checkbox('visible'),
  performer: Reference('performer'),
  resursi: Type.Optional(
    Type.String({
      anyOf: [{ maxLength: 0 }, { format: 'web-link' }],
      messages: { invalid: say('resource_link') },
    }),
  ),
  picture: File('An image (PNG, JPEG, GIF, WebP or AVIF).'),
  resource: File('A PDF, an image, an audio file or plain text.'),
  ...SongSheet(),
});

export const SongUpdate = Form({
  ...SongForm.properties,
  remove_picture: Checkbox('remove_picture'),
  remove_resource: Checkbox('remove_resource'),
  version: VersionField,
});

/** The band new items go to; a user without one cannot add any. */
export function bandOf(user: UserWithBand): number {
  if (user.band_id === null) {
    throw invalid({ band: [NEEDS_BAND] });
  }
  return user.band_id;
}

/**
 * Stores the new files of a form (its fields are valid by now), and hands back their names; if the
 * database write then fails, the files stored here are removed again.
 */
export async function withStoredFiles<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  rules: Record<string, FileRule>,
  write: (stored: Record<string, string>) => Promise<T>,
): Promise<T> {
  const stored: Record<string, string> = {};
  try {
    for (const [field, rule] of Object.entries(rules)) {
      const buffer = request.formFiles?.[field];
      if (buffer) stored[field] = await app.uploads.store(field, buffer, rule);
    }
    return await write(stored);
  } catch (error) {
    await Promise.all(Object.values(stored).map((name) => app.uploads.remove(name)));
    throw error;
  }
}

/**
 * An edit form is answered about its item first (404, 403) and about its fields after, as before
 * forms had schemas: its route takes the schema's errors late (`attachValidation`), and an address
 * that is no id is still refused at once.
 */
export async function itemFirst<T>(request: FastifyRequest, item: () => Promise<T>): Promise<T> {
  const error = request.validationError;
  if (error && error.validationContext !== 'body') throw error;
  const found = await item();
  if (error) throw error;
  return found;
}
