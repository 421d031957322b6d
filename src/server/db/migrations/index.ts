import type { Migration } from 'kysely';
import * as initial from './0001_initial.js';

/** Every migration in order; a static list so that the server needs no directory scan. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
};
