/**
 * The server's sentences under stable codes (issue 26, point 1): an answer carries `code` (and
 * `params`) beside its English `message`, and a field's errors their `codes`, so the panel says them
 * in the reader's language (src/client/i18n/server.sr.ts) while API clients keep the spec's English.
 * %{name} stands for a value, as in the panel's own messages.
 */
export const SERVER_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  session_expired: 'Your session has expired. Please sign in again.',
  session_ended: 'Your session has ended. Sign in again.',
  forbidden: 'You are not allowed to do this.',
  not_found: 'Not found.',
  song_not_found: 'Song not found.',
  performer_not_found: 'Performer not found.',
  playlist_not_found: 'Playlist not found.',
  gig_not_found: 'Gig not found.',
  user_not_found: 'User not found.',
  band_not_found: 'Band not found.',
  user_not_in_band: 'That user is not in this band.',
  song_not_yours: 'Only the band that owns this song may change it.',
  performer_not_yours: 'Only the band that owns this performer may change it.',
  playlist_not_yours: 'Only the band that owns this playlist may change it.',
  item_not_yours: 'Only the band that owns it may change it.',
  gig_viewers: 'Viewers cannot change gigs.',
  gig_other_band: 'This gig belongs to another band.',
  band_link_other: 'This is another band’s link.',
  slug_in_use: 'This is %{band}’s slug now; only a former slug can be released.',
  slug_never_used: 'No band used this slug before.',
  last_admin_deleted: 'The last system admin cannot be deleted.',
  last_admin_demoted: 'The last system admin cannot be demoted.',
  // %{list} is the English list ("3 songs and 1 gig"); other languages say the counts themselves.
  band_owns: '%{band} still owns %{list}.',
  playlist_in_active_gig: 'The active gig %{gig} plays this playlist.',
  playlist_in_other_gig: "Another band's active gig plays this playlist.",
  made_public: 'Made public.',
  made_private: 'Made private.',
  deleted: 'Deleted.',
  not_deleted: 'Not deleted.',
  no_such_address: 'No such address: %{method} %{path}',
  invalid_data: 'The given data was invalid.',
  csrf_mismatch: 'CSRF token mismatch.',
  maintenance:
    'Encore is down for maintenance. Only system administrators can use it now; please try again later.',
  clash: 'This clashes with a change made at the same time. Reload and try again.',
  server_error: 'Something went wrong on the server.',
  body_too_large: 'The request body is too large.',
  content_type: 'This content type is not accepted here.',
  body_empty: 'The request body is empty; send a JSON object.',
  body_not_json: 'The request body is not valid JSON.',
  file_too_large: 'The file is too large (at most 20 MB).',
  too_many_parts: 'The form has too many fields or files.',
  invalid_login: 'Invalid email or password.',
  // The spec gives these two of sign-in in Serbian.
  login_both_required: 'Email i lozinka su obavezni.',
  login_invalid_email: 'Unesite ispravnu email adresu.',
  login_throttled_account:
    'Too many failed sign-in attempts for this account. Try again in %{smart_count} second. |||| Too many failed sign-in attempts for this account. Try again in %{smart_count} seconds.',
  login_throttled:
    'Too many failed sign-in attempts. Try again in %{smart_count} minute. |||| Too many failed sign-in attempts. Try again in %{smart_count} minutes.',
  email_taken: 'The email has already been taken.',
  field_required: 'The %{field} field is required.',
  field_too_long: 'The %{field} may not be longer than %{max} characters.',
  field_not_boolean: 'The %{field} field must be true or false.',
  field_invalid: 'The %{field} is not valid.',
  field_whole_number: 'The %{field} must be a whole number from %{min} to %{max}.',
  field_not_allowed: 'The %{field} field is not allowed.',
  resource_link: 'The resource link must be an http:// or https:// address.',
  live_stopped: 'The live server is stopped.',
  live_port_failed: '%{error}. Clients still connect through /ws on the main port.',
  live_running: 'Running: %{connections} of %{max} connections.',
  live_nearly_full: 'Nearly full: %{connections} of %{max} connections.',
  database_answered: '%{database} answered in %{ms} ms.',
  database_slow: '%{database} answered in %{ms} ms: slow.',
  database_silent: '%{database} did not answer: %{error}',
  redis_pong: 'PONG in %{ms} ms.',
  redis_unreachable: 'Unreachable: %{error}',
  not_configured: 'Not configured',
  jobs_running: 'Running: %{jobs}.',
  jobs_none: 'No jobs scheduled.',
  job_failed: 'The %{job} job failed at %{at}: %{error}',
  // Issue 27: a song's key, tempo, duration and chord chart.
  song_key_invalid:
    'The key must be a note name from A to G, with # or b if need be and m for minor (as %{examples}).',
  song_tempo_invalid: 'The tempo must be a whole number of beats per minute from %{min} to %{max}.',
  song_duration_invalid:
    'The duration must be minutes and seconds (as 3:45) or seconds, at most %{hours} hours.',
  song_chart_too_large: 'The chord chart may not be larger than %{max} kB.',
} as const;

export type MessageCode = keyof typeof SERVER_MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A sentence of the server: its code, its values, and its English. */
export interface Said {
  code: MessageCode;
  message: string;
  params?: MessageParams;
}

/**
 * Fills a sentence's %{name} places with its values; a sentence with forms for one and many
 * ("… 1 second. |||| … 2 seconds.", as polyglot writes them) takes the one smart_count asks for.
 */
export function fill(template: string, params: MessageParams = {}) {
  const forms = template.split(' |||| ');
  const form = forms.length > 1 && params.smart_count !== 1 ? forms[1] : forms[0];
  return form.replace(/%\{(\w+)\}/g, (place, name: string) =>
    name in params ? String(params[name]) : place,
  );
}

export function say(code: MessageCode, params?: MessageParams): Said {
  return { code, message: fill(SERVER_MESSAGES[code], params), ...(params ? { params } : {}) };
}

/**
 * The names of fields that sentences say (%{field}): translated with them. A field the panel has no
 * word for is shown as the server named it.
 */
export const FIELD_NAMES = [
  'title',
  'name',
  'email',
  'password',
  'role',
  'band',
  'performer',
  'playlist',
  'location',
  'start time',
] as const;
