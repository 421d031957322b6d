import type { FIELD_NAMES, SERVER_MESSAGES } from '../../shared/server-messages';
import type { Translation } from './types';

/** The server's sentences in Serbian (Latin), by their codes (shared/server-messages.ts). */
export const server: Translation<typeof SERVER_MESSAGES> = {
  unauthenticated: 'Niste prijavljeni.',
  session_expired: 'Vaša sesija je istekla. Prijavite se ponovo.',
  session_ended: 'Vaša sesija je završena. Prijavite se ponovo.',
  forbidden: 'Nemate dozvolu za to.',
  not_found: 'Nije pronađeno.',
  no_such_address: 'Nema takve adrese: %{method} %{path}',
  invalid_data: 'Podaci nisu ispravni.',
  csrf_mismatch: 'Zaštitni token se ne poklapa. Osvežite stranicu i pokušajte ponovo.',
  maintenance:
    'Encore je na održavanju. Sada ga mogu koristiti samo administratori sistema; pokušajte ponovo kasnije.',
  clash: 'Ovo se sudara sa izmenom napravljenom u isto vreme. Osvežite i pokušajte ponovo.',
  server_error: 'Nešto je pošlo naopako na serveru.',
  body_too_large: 'Zahtev je prevelik.',
  content_type: 'Ova vrsta sadržaja se ovde ne prima.',
  body_empty: 'Zahtev je prazan; pošaljite JSON objekat.',
  body_not_json: 'Zahtev nije ispravan JSON.',
  file_too_large: 'Datoteka je prevelika (najviše 20 MB).',
  too_many_parts: 'Obrazac ima previše polja ili datoteka.',
  invalid_login: 'Pogrešan email ili lozinka.',
  login_both_required: 'Email i lozinka su obavezni.',
  login_invalid_email: 'Unesite ispravnu email adresu.',
  login_throttled_account:
    'Previše neuspelih prijava za ovaj nalog. Pokušajte ponovo za %{smart_count} sekundu. |||| Previše neuspelih prijava za ovaj nalog. Pokušajte ponovo za %{smart_count} sekunde. |||| Previše neuspelih prijava za ovaj nalog. Pokušajte ponovo za %{smart_count} sekundi.',
  login_throttled:
    'Previše neuspelih prijava. Pokušajte ponovo za %{smart_count} minut. |||| Previše neuspelih prijava. Pokušajte ponovo za %{smart_count} minuta. |||| Previše neuspelih prijava. Pokušajte ponovo za %{smart_count} minuta.',
  email_taken: 'Ovaj email je već zauzet.',
  field_required: 'Polje „%{field}“ je obavezno.',
  field_too_long: 'Polje „%{field}“ može imati najviše %{max} znakova.',
  field_not_boolean: 'Polje „%{field}“ mora biti da ili ne.',
  field_invalid: 'Polje „%{field}“ nije ispravno.',
  field_whole_number: 'Polje „%{field}“ mora biti ceo broj od %{min} do %{max}.',
  field_not_allowed: 'Polje „%{field}“ nije dozvoljeno.',
  resource_link: 'Link do resursa mora biti adresa koja počinje sa http:// ili https://.',
  live_stopped: 'Server uživo je zaustavljen.',
  live_port_failed: '%{error}. Klijenti se i dalje povezuju preko /ws na glavnom portu.',
  live_running: 'Radi: %{connections} od %{max} veza.',
  live_nearly_full: 'Skoro pun: %{connections} od %{max} veza.',
  database_answered: '%{database} je odgovorio za %{ms} ms.',
  database_slow: '%{database} je odgovorio za %{ms} ms: sporo.',
  database_silent: '%{database} nije odgovorio: %{error}',
  redis_pong: 'PONG za %{ms} ms.',
  redis_unreachable: 'Nedostupan: %{error}',
  not_configured: 'Nije podešen',
  jobs_running: 'Radi: %{jobs}.',
  jobs_none: 'Nema zakazanih poslova.',
  job_failed: 'Posao %{job} nije uspeo u %{at}: %{error}',
  song_key_invalid:
    'Tonalitet mora biti ime note od A do G, sa # ili b po potrebi i m za mol (kao %{examples}).',
  song_tempo_invalid: 'Tempo mora biti ceo broj udaraca u minuti od %{min} do %{max}.',
  song_duration_invalid:
    'Trajanje mora biti u minutima i sekundama (kao 3:45) ili u sekundama, najviše %{hours} sati.',
  song_chart_too_large: 'Akordski zapis ne može biti veći od %{max} kB.',
};

/** The names of fields the server's sentences say, in Serbian. */
export const serverFields: Record<(typeof FIELD_NAMES)[number], string> = {
  title: 'naziv',
  name: 'ime',
  email: 'email',
  password: 'lozinka',
  role: 'uloga',
  band: 'bend',
  performer: 'izvođač',
  playlist: 'plejlista',
  location: 'mesto',
  'start time': 'početak',
};
