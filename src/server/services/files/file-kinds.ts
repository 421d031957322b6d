import { type Said, say } from '../../../shared/server-messages.js';
import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';

export interface FileRule {
  /** What the file is called in messages ("picture", "resource"). */
  label: string;
  maxBytes: number;
  /** Accepted MIME types, decided from the content; `text/plain` means valid UTF-8 text. */
  accept: (mime: string) => boolean;
  /** The sentence for a file of the wrong kind. */
  kindMessage: Said;
}

const MB = 1024 * 1024;
const IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

export const PICTURE: FileRule = {
  label: 'picture',
  maxBytes: 5 * MB,
  accept: (mime) => IMAGES.has(mime),
  kindMessage: say('picture_kind'),
};

export const RESOURCE: FileRule = {
  label: 'resource',
  maxBytes: 20 * MB,
  accept: (mime) =>
    IMAGES.has(mime) || mime === 'application/pdf' || mime === 'text/plain' || mime.startsWith('audio/'),
  kindMessage: say('resource_kind'),
};

const EXTENSIONS: Record<string, string> = { 'text/plain': 'txt' };

/** What the bytes really are (never the file name): a known binary format, or plain UTF-8 text. */
export async function detectKind(buffer: Buffer): Promise<{ mime: string; ext: string } | undefined> {
  const type = await fileTypeFromBuffer(buffer);
  if (type) return { mime: type.mime, ext: type.ext };
  if (buffer.length > 0 && !buffer.includes(0) && isUtf8(buffer))
    return { mime: 'text/plain', ext: EXTENSIONS['text/plain'] };
  return undefined;
}
