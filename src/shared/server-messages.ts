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
  insights_other_band: 'You can see the insights of your own band only.',
  insights_needs_band: 'You need to belong to a band to see its insights.',
  insights_bad_day: 'Give the day as YYYY-MM-DD.',
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
  stale_save:
    '%{name} saved this at %{at}, after you opened it. Reload it, or apply your change on top of theirs.',
  stale_save_someone:
    'Someone saved this at %{at}, after you opened it. Reload it, or apply your change on top of theirs.',
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
  performer_missing: 'The performer does not exist.',
  playlist_missing: 'The playlist does not exist.',
  band_missing: 'The band does not exist.',
  needs_band: 'You need to belong to a band to add items.',
  songs_refused: 'These songs do not exist or are not yours to use: %{ids}.',
  playlist_pair: '"%{pair}" is not an id,position pair.',
  playlist_song_twice: 'Song %{id} is in the list more than once.',
  playlist_too_long: 'A playlist may hold at most %{max} songs.',
  band_name_taken: 'A band with this name already exists.',
  slug_taken: 'Another band already has this slug.',
  slug_former:
    'Another band (%{band}) used this slug before, and its printed QR codes still lead there. Release it under that band’s former links first.',
  slug_deleted:
    'A deleted band (%{band}) used this slug, and its printed QR codes may still be around. Release it under the deleted bands’ links first.',
  slug_rule:
    'The slug must be 2 to 40 lowercase letters, digits and hyphens, starting and ending with a letter or digit.',
  email_invalid: 'The email must be a valid email address.',
  password_too_short: 'The password must be at least %{min} characters.',
  role_rule: 'The role must be viewer, band_admin or admin.',
  start_time_invalid: 'The start time must be a date and time (YYYY-MM-DDTHH:MM).',
  setting_switch: 'The %{field} must be true or false.',
  setting_unknown: 'There is no setting called %{field}.',
  websocket_host: 'The WebSocket host must be a host name or an IP address, such as 127.0.0.1 or 0.0.0.0.',
  log_level: 'The log level must be one of %{levels}.',
  request_not_object: 'The request %{part} must be a JSON object.',
  address_invalid: 'The address is not valid.',
  not_routed: 'The request could not be routed.',
  request_too_slow: 'The request took too long to arrive.',
  headers_too_large: 'The request headers are too large.',
  not_http: 'The request is not valid HTTP.',
  form_unreadable: 'The form data could not be read.',
  file_larger_than: 'The %{field} may not be larger than %{mb} MB.',
  picture_kind: 'The picture must be a PNG, JPEG, GIF, WebP or AVIF image.',
  resource_kind: 'The resource must be a PDF, an image, an audio file or plain text.',
  csv_choose_file: 'Choose a CSV file to import.',
  csv_too_large: 'The file is too large (at most %{mb} MB).',
  csv_not_utf8: 'The file is not UTF-8 text. In Excel choose "CSV UTF-8" when saving, then try again.',
  csv_not_text: 'The file is not a CSV text file.',
  csv_empty: 'The file is empty.',
  csv_too_many_lines:
    'The file has more than %{max} lines (empty ones included); remove the empty rows or split it into smaller files.',
  csv_too_many_rows: 'The file has more than %{max} rows; split it into smaller files.',
  csv_too_many_columns: 'A row has more than %{max} columns; this does not look like a song list.',
  csv_cell_too_long: 'A cell is longer than %{max} characters; this does not look like a song list.',
  csv_no_header:
    'The first row must name the columns: title and performer (and, if you like, visible and resource link).',
  // Why a row of an imported file is skipped (the preview's reasons, joined by "; ").
  import_title_missing: 'the title is missing',
  import_title_too_long: 'the title is longer than %{max} characters',
  import_performer_missing: 'the performer is missing',
  import_performer_too_long: 'the performer is longer than %{max} characters',
  import_formula: 'a cell is a spreadsheet formula',
  import_visible: 'visible must be yes or no',
  import_link_scheme: 'the resource link must start with http(s)://',
  import_link_invalid: 'the resource link is not a web address',
  import_key: 'the key must be a note name with # or b and m for minor, as %{examples}',
  import_tempo: 'the tempo must be a whole number from %{min} to %{max}',
  import_duration: 'the duration must be m:ss or seconds',
  import_chart_too_large: 'the chord chart is larger than %{kb} kB',
  // The band page's and the audience page's refusals.
  no_gig_at_address: 'There is no gig at this address.',
  queue_viewers: 'Viewers can follow the queue but not change it.',
  song_not_waiting: 'This song is not waiting in the queue (anymore).',
  no_such_message: 'There is no such message at this gig.',
  no_gig_here: 'There is no gig at this address. Check the link or scan the code again.',
  song_not_tonight: "This song is not on tonight's list.",
  device_missing: 'Reload the page to request songs.',
  message_not_allowed: 'This gig does not take messages with requests.',
  message_too_long: 'The message may have %{max} characters at most.',
  message_links: 'The message may not contain links.',
  // %{after} is the English of the wait ("1 minute"); other languages say "shortly".
  rate_limited: 'Too many requests from your network. Try again in %{after}.',
  request_closed: 'Requests are closed for this gig right now.',
  request_cooldown:
    'Please wait %{smart_count} second before your next request. |||| Please wait %{smart_count} seconds before your next request.',
  request_too_many_waiting:
    'You already have %{smart_count} requests waiting. Ask again once the band plays one.',
  request_network_has_asked:
    '“%{song}” already has %{smart_count} request from your network, as many as one network may add. It is waiting in the queue. |||| “%{song}” already has %{smart_count} requests from your network, as many as one network may add. It is waiting in the queue.',
  request_too_soon:
    '“%{song}” was requested recently. It can be requested again in %{smart_count} minute. |||| “%{song}” was requested recently. It can be requested again in %{smart_count} minutes.',
  request_too_few_songs:
    '“%{song}” was requested recently. %{smart_count} more other song must be requested first. |||| “%{song}” was requested recently. %{smart_count} more other songs must be requested first.',
  request_same_performer:
    '“%{song}”: %{performer} was just played or is already coming up. %{smart_count} more song by another performer must be requested first. |||| “%{song}”: %{performer} was just played or is already coming up. %{smart_count} more songs by other performers must be requested first.',
  // The live server's limits on pages that follow a gig (a websocket's close reason is the English).
  live_server_full: 'The live server is full (%{smart_count} connections). Try again later.',
  live_server_full_kept:
    'The live server is full (%{smart_count} connections, %{kept} kept for the band). Try again later.',
  live_network_full: 'Too many connections from your network (%{smart_count}). Try again later.',
  live_session_pages: 'This sign-in has %{smart_count} live pages open already. Close one and try again.',
  live_band_pages: 'Your band has %{smart_count} live pages open already. Close one and try again.',
  live_gig_full: 'This gig has all the live connections it may have (%{smart_count}). Try again later.',
  live_stopped_later: 'The live server is stopped. Try again later.',
  queue_not_loaded: 'The queue could not be loaded. Try again shortly.',
  try_shortly: 'Try again shortly.',
  follow_one_gig: 'Follow one gig at a time.',
  wait_for_queue: 'Wait for the queue before asking again.',
  live_not_json: 'Messages must be JSON objects.',
  lead_malformed: 'This message to the band’s tablets could not be read.',
  lead_band_only: 'Only the band’s members (not viewers) can lead the gig’s tablets.',
  websocket_only: 'This port takes websocket connections only.',
  // What a route says when it has done what it was asked.
  request_taken: 'You asked for “%{song}”.',
  request_duplicate: 'You already asked for “%{song}”.',
  // As the API always said it, "1 requests" too; the audience page says its own.
  request_me_too: 'You asked for “%{song}” too: %{smart_count} requests so far.',
  signed_in: 'Signed in.',
  signed_out: 'Signed out.',
  user_added: 'User added successfully!',
  user_updated: 'User updated successfully!',
  role_updated: 'Role updated.',
  user_band_updated: 'Band updated.',
  user_deleted: 'User deleted successfully!',
  band_added: 'Band added successfully!',
  band_updated: 'Band updated successfully!',
  band_deleted: 'Band deleted successfully!',
  user_removed_from_band: 'User removed from band successfully!',
  slug_released: 'Slug released successfully!',
  song_deleted: 'Song has been deleted',
  performer_deleted: 'Performer %{name} has been deleted.',
  // The English says "with 1 songs" as it always has; other languages take the number's form.
  playlist_deleted: 'Playlist %{name} with %{smart_count} songs has been deleted',
  gig_deleted: 'Gig %{name} has been deleted',
  songs_imported: 'Imported %{smart_count} songs.',
  websocket_restarted: 'WebSocket server restarted.',
  logs_cleared: 'System logs cleared.',
  settings_saved: 'System settings saved.',
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
  // Issue 27, point 2: the stage view's chart and key.
  song_not_on_gig: 'This song is not on this gig.',
  song_key_half: 'Send transpose and capo together, or neither to forget the key.',
  band_key_viewers: 'Viewers can change tonight’s key, not the band’s.',
  setlist_viewers: 'Viewers can follow the running order but not change it.',
  setlist_end: 'This is the last song of the running order.',
  setlist_start: 'This is the first song of the running order.',
  setlist_moved: 'Another tablet moved the band on meanwhile. This shows where the band is now.',
  not_in_setlist: 'This song is not in tonight’s running order.',
  // Issue 28: the history of changes and its restore.
  history_not_found: 'This version is not in the history (it may have been purged).',
  history_item_gone: 'This item no longer exists, so this version cannot be restored.',
  history_not_yours: 'Only the band that owns it may restore it.',
  history_restored: 'Version restored.',
  history_restored_partly:
    'Version restored, except what no longer exists or cannot be restored here: %{fields}.',
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
  'naziv',
  'status',
  'visible',
  'allow_messages',
  'remove_picture',
  'remove_resource',
  'picture',
  'resource',
  'minimum songs between same orders',
  'minimum minutes between same orders',
  'songs between the same performer',
  'minutes per song',
  'WebSocket port',
  'maximum number of connections',
  'session timeout',
  'backup frequency',
  'maximum log file size',
  'automatic backup switch',
  'notifications switch',
  'maintenance mode switch',
  'version',
] as const;
