import { Type } from '@sinclair/typebox';
import { ROLES } from '../../shared/constants.js';

/** Response schemas shared by several routes (they also document the API at /api/docs). */

export const ApiUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  token: Type.Optional(Type.String()),
  role: Type.Union(ROLES.map((r) => Type.Literal(r))),
  permissions: Type.Object({ isAdmin: Type.Boolean(), isViewer: Type.Boolean() }),
  band: Type.Union([Type.Integer(), Type.Null()]),
  banddata: Type.Union([
    Type.Object({ naziv: Type.String(), picture: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
  /** The venues' IANA time zone (TIME_ZONE), in which the panel shows times. */
  time_zone: Type.Optional(Type.String()),
});

const Params = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));

/** A message's code and values (shared/server-messages.ts), for the panel to say it in its language. */
/** A sentence's code and values where the code is always there (a list of reasons). */
export const Coded = Type.Object({ code: Type.String(), params: Type.Optional(Params) });

export const MessageCode = {
  code: Type.Optional(Type.String()),
  params: Type.Optional(Params),
};

/**
 * Every error answer (DESIGN §4): 401 adds login, 422 adds errors (and codes: each message's code and
 * values, or null), the login route adds success.
 */
export const ErrorSchema = Type.Object({
  message: Type.String(),
  ...MessageCode,
  success: Type.Optional(Type.Boolean()),
  login: Type.Optional(Type.Boolean()),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  codes: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Array(
        Type.Union([Type.Object({ code: Type.String(), params: Type.Optional(Params) }), Type.Null()]),
      ),
    ),
  ),
});
