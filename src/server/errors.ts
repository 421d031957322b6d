/** An error that becomes an API answer of DESIGN §4's shape. Guards and handlers throw these. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
  }
}

export const unauthorized = (message = 'Unauthenticated.') => new ApiError(401, { login: true, message });

export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, { message });

export const notFound = (message = 'Not found.') => new ApiError(404, { message });

export const conflict = (message: string) => new ApiError(409, { message });

/** Laravel's validation shape: a summary message plus messages per field. */
export const invalid = (errors: Record<string, string[]>) => {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new ApiError(422, { message: first, errors });
};

/** Maintenance mode (DESIGN §4): the service is there, but not for this caller now. */
export const MAINTENANCE_MESSAGE =
  'Encore is down for maintenance. Only system administrators can use it now; please try again later.';
export const underMaintenance = () => new ApiError(503, { message: MAINTENANCE_MESSAGE });
