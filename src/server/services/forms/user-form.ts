import { say } from '../../../shared/server-messages.js';
import { type Static, Type } from '@sinclair/typebox';
import { ROLES, type Role } from '../../../shared/constants.js';
import { EMAIL } from './band-form.js';
import { Form, VersionField } from './fields.js';

const MIN_PASSWORD = 8;
const AT_LEAST = say('password_too_short', { min: MIN_PASSWORD });
const ROLE_RULE = say('role_rule');

/** One of ROLES; spaces around it are forgiven, as before roles had a schema. */
export const RoleField = Type.String({
  pattern: `^\\s*(${ROLES.join('|')})\\s*$`,
  messages: { invalid: ROLE_RULE },
});

export const BandId = Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]));

const userFields = {
  name: Type.String({
    maxLength: 200,
    pattern: '\\S',
    messages: { required: say('field_required', { field: 'name' }) },
  }),
  email: Type.String({
    maxLength: 254,
    pattern: `^\\s*${EMAIL.source.slice(1, -1)}\\s*$`,
    messages: {
      required: say('field_required', { field: 'email' }),
      pattern: say('email_invalid'),
    },
  }),
};

/** Spec §5 Add User: a name, a valid email, a password, a role (viewer if none), a band or none. */
export const AddUser = Form({
  ...userFields,
  password: Type.String({
    minLength: MIN_PASSWORD,
    maxLength: 200,
    messages: { required: say('field_required', { field: 'password' }), minLength: AT_LEAST },
  }),
  role: Type.Optional(RoleField),
  band_id: BandId,
});

/** Spec §5 Edit User: as Add User, but a blank password keeps the current one. */
export const UpdateUser = Form({
  ...userFields,
  password: Type.Optional(
    Type.String({
      maxLength: 200,
      pattern: `^$|^[\\s\\S]{${MIN_PASSWORD},}$`,
      messages: { pattern: AT_LEAST },
    }),
  ),
  role: Type.Optional(RoleField),
  band_id: BandId,
  version: VersionField,
});

/** The form's values as a user keeps them (e-mail addresses in lowercase); no password: unchanged. */
export const userValues = (body: Static<typeof UpdateUser>) => ({
  name: body.name.trim(),
  email: body.email.trim().toLowerCase(),
  password: body.password ?? '',
  role: (body.role ?? 'viewer').trim() as Role,
  band_id: body.band_id ?? null,
});
