import { say } from '../../../shared/server-messages.js';
import { type Static, Type } from '@sinclair/typebox';
import { SLUG, SLUG_RULE } from '../../../shared/slug.js';
import { Checkbox, File, Form, on, Title, VersionField } from './fields.js';

/** An e-mail address, roughly: something@somewhere.tld. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 Add/Edit Band: a name, an optional valid email, a real image, the band link's slug. */
export const BandForm = Form({
  naziv: Title('naziv'),
  email: Type.Optional(
    Type.String({
      pattern: `^$|${EMAIL.source}`,
      messages: { invalid: say('email_invalid') },
    }),
  ),
  remove_picture: Checkbox('remove_picture'),
  // Slugs are kept in lowercase, whatever case they are sent in.
  slug: Type.Optional(
    Type.String({
      pattern: `^$|${SLUG.source.replace(/a-z/g, 'a-zA-Z')}`,
      messages: { invalid: SLUG_RULE },
      description: 'Left out or empty: made from the name for a new band, kept for an existing one.',
    }),
  ),
  picture: File('An image (PNG, JPEG, GIF, WebP or AVIF).'),
});

/** Its edit form: the version the edit started from beside (issue 28). */
export const BandUpdate = Form({ ...BandForm.properties, version: VersionField });

/** The form's values as a band keeps them. */
export const bandValues = (body: Static<typeof BandForm>) => ({
  naziv: body.naziv,
  email: body.email?.toLowerCase() || null,
  removePicture: on(body.remove_picture) === 1,
  // Absent or empty: made from the name for a new band, kept as it is for an existing one (a
  // printed band QR must not break because the band was renamed).
  slug: body.slug?.toLowerCase() || undefined,
});
