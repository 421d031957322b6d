import { deflateSync } from 'node:zlib';
import { request } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { wallClock } from '../../src/server/lib/clock';
import { demo } from './support';

type Fields = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

/** Calls the real API as a signed-in user, to set up what a test needs without clicking. */
export async function apiAs(email: string, password: string) {
  const context = await request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  await context.get('/sanctum/csrf-cookie');
  const xsrf = (await context.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await context.post('/api/login', {
    data: { email, password },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  const token = (await login.json()).data.token as string;
  const headers = { 'X-XSRF-TOKEN': xsrf, Authorization: `Bearer ${token}`, Accept: 'application/json' };
  return {
    async post(url: string, multipart: Fields) {
      const response = await context.post(url, { multipart, headers });
      if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
      return response.json();
    },
    async postJson(url: string, data: unknown) {
      const response = await context.post(url, { data, headers });
      if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
      return response.json();
    },
    async get(url: string) {
      return (await context.get(url, { headers })).json();
    },
    dispose: () => context.dispose(),
  };
}

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour, made here so the tests carry no binary files. */
export function png(rgb: [number, number, number] = [200, 30, 30], size = 8) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small valid one-page PDF. */
export function pdf(text = 'Chords: Am F C G') {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/** A band of its own with a band admin, a playlist of songs and one gig (issue 13's gig night). */
export interface BandSetup {
  naziv: string;
  slug: string;
  /** Song titles; a song given as { naziv, pdf } carries a PDF of its chords, { naziv, chart } a
   *  ChordPro chart, { naziv, duration } its duration (m:ss). */
  songs: (string | { naziv: string; pdf?: Buffer; chart?: string; duration?: string })[];
  gig: { naziv: string; active: boolean; allowMessages: boolean; startsInMinutes: number };
}

/**
 * Made through the real API: the system admin adds the band and its admin, who adds a performer,
 * the songs, a playlist and the gig. Answers the band admin's sign-in and the gig's token.
 */
export async function bandWithGig(setup: BandSetup) {
  const admin = demo('admin');
  const root = await apiAs(admin.email, admin.password);
  const band = await root.post('/api/admin/addband', { naziv: setup.naziv, slug: setup.slug });
  const account = { email: `${setup.slug}@encore.test`, password: `${setup.slug}-password` };
  await root.postJson('/api/admin/adduser', {
    name: `${setup.naziv} admin`,
    ...account,
    role: 'band_admin',
    band_id: band.data.id,
  });
  await root.dispose();

  const api = await apiAs(account.email, account.password);
  const performer = await api.post('/api/admin/addperformer', { title: `${setup.naziv} uživo` });
  const songIds: number[] = [];
  for (const song of setup.songs) {
    const fields: Fields = { performer: String(performer.id) };
    if (typeof song === 'string') fields.title = song;
    else {
      fields.title = song.naziv;
      if (song.pdf) fields.resource = { name: 'chords.pdf', mimeType: 'application/pdf', buffer: song.pdf };
      if (song.chart) fields.akordi = song.chart;
      if (song.duration) fields.trajanje = song.duration;
    }
    songIds.push((await api.post('/api/admin/addsong', fields)).id);
  }
  const playlist = await api.post('/api/admin/addplaylist', { title: `${setup.naziv}: set` });
  await api.post(`/api/admin/playlist/${playlist.id}/update`, {
    title: `${setup.naziv}: set`,
    songs: songIds.map((id, i) => `${id},${i + 1}`).join(';'),
  });
  const { gig } = setup;
  const { id } = await api.post('/api/admin/addgig', {
    title: gig.naziv,
    lokacija: 'Beograd',
    status: gig.active ? '1' : '0',
    allow_messages: gig.allowMessages ? '1' : '0',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime: wallClock(new Date(Date.now() + gig.startsInMinutes * 60_000)),
    playlista: String(playlist.id),
  });
  const { token } = (await api.get(`/api/admin/gig/${id}`)) as { token: string };
  await api.dispose();
  return { ...account, gigId: id as number, token };
}
