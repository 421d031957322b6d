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
});

/** Every error answer (DESIGN §4): 401 adds login, 422 adds errors, the login route adds success. */
export const ErrorSchema = Type.Object({
  message: Type.String(),
  success: Type.Optional(Type.Boolean()),
  login: Type.Optional(Type.Boolean()),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
