import { Type, type Static } from '@sinclair/typebox';
import { cyrillicTree } from '../../../shared/cyrillic.js';

/**
 * The words of the CSV files the server writes (exports, the after-show report) in the panel's
 * languages (issue 26): English, Serbian in Latin, and Serbian in Cyrillic made from the Latin by
 * transliteration, as the panel makes its own. English is the contract of the exports as issue 14
 * made them; the import reads the headers and yes/no of all three back (song-import-rows.ts).
 */
const en = {
  columns: {
    title: 'Title',
    performer: 'Performer',
    public: 'Public',
    resource_link: 'Resource link',
    name: 'Name',
    playlist: 'Playlist',
    position: 'Position',
    song: 'Song',
    gig: 'Gig',
    location: 'Location',
    start: 'Start',
    active: 'Active',
    audience_link: 'Audience link',
    time: 'Time',
    status: 'Status',
    asked: 'How many asked',
    message: 'Message',
    key: 'Key',
    tempo: 'Tempo (BPM)',
    duration: 'Duration',
    chart: 'Chord chart (ChordPro)',
    requests: 'Requests',
    played: 'Played',
    declined: 'Declined',
    waiting: 'Waiting',
    hour: 'Hour',
    share: 'Share (%)',
    searched: 'Searched for',
    times: 'Times',
  },
  yes: 'yes',
  no: 'no',
  statuses: { waiting: 'waiting', played: 'played', declined: 'declined' },
};

export type CsvWords = typeof en;

const sr: CsvWords = {
  columns: {
    title: 'Naslov',
    performer: 'Izvođač',
    public: 'Javno',
    resource_link: 'Link ka materijalu',
    name: 'Naziv',
    playlist: 'Plejlista',
    position: 'Redni broj',
    song: 'Pesma',
    gig: 'Nastup',
    location: 'Mesto',
    start: 'Početak',
    active: 'Aktivan',
    audience_link: 'Link za publiku',
    time: 'Vreme',
    status: 'Status',
    asked: 'Koliko je tražilo',
    message: 'Poruka',
    key: 'Tonalitet',
    tempo: 'Tempo (BPM)',
    duration: 'Trajanje',
    chart: 'Akordski zapis (ChordPro)',
    requests: 'Zahteva',
    played: 'Odsvirano',
    declined: 'Odbijeno',
    waiting: 'Na čekanju',
    hour: 'Sat',
    share: 'Udeo (%)',
    searched: 'Traženo',
    times: 'Puta',
  },
  yes: 'da',
  no: 'ne',
  statuses: { waiting: 'na čekanju', played: 'odsvirano', declined: 'odbijeno' },
};

/** Each language the panel offers, under the panel's own locale code. */
export const CSV_WORDS: Record<CsvLang, CsvWords> = { en, sr, 'sr-Cyrl': cyrillicTree(sr) };

/**
 * The `lang` query parameter of a CSV download: the panel's locale. Without it, English. The panel's
 * codes, not Accept-Language's: there a bare "sr" conventionally means Cyrillic (docs/decisions.md).
 */
export const CsvLang = Type.Union([Type.Literal('en'), Type.Literal('sr'), Type.Literal('sr-Cyrl')], {
  description: 'The language of the headers and words: en (default), sr (Latin) or sr-Cyrl.',
});
export type CsvLang = Static<typeof CsvLang>;

export const csvWords = (lang: CsvLang | undefined): CsvWords => CSV_WORDS[lang ?? 'en'];

/** A yes/no cell in the file's language. */
export const yesNo = (words: CsvWords, flag: number) => (flag === 1 ? words.yes : words.no);
