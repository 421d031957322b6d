import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helpers.js';
import {
  bigPng,
  binary,
  expectInvalid,
  fetchUpload,
  type Fields,
  gif,
  MB,
  pdf,
  png,
  postForm,
  seedPeople,
  text,
  upload,
  type People,
  wav,
  zip,
} from './fixtures.js';

const PICTURE_KIND = 'The picture must be a PNG, JPEG, GIF, WebP or AVIF image.';
const RESOURCE_KIND = 'The resource must be a PDF, an image, an audio file or plain text.';

let t: TestApp;
let people: People;
let performer: string;

/** Band A's owner with one performer, ready to add songs with files. */
beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  const response = await postForm(
    t.app,
    '/api/admin/addperformer',
    { title: 'Bajaga' },
    { token: people.tokens.owner },
  );
  performer = String(response.json().id);
});
afterEach(() => t.close());

const addSong = (files: Fields) =>
  postForm(
    t.app,
    '/api/admin/addsong',
    { title: 'Jugoslovenka', performer, ...files },
    { token: people.tokens.owner },
  );

/** Adds a song with these files and answers its stored picture and resource URLs. */
async function storedUrls(files: Fields) {
  const response = await addSong(files);
  expect(response.statusCode, response.body).toBe(200);
  const song = await call(t.app, 'GET', `/api/admin/song/${response.json().id}`, {
    token: people.tokens.owner,
  });
  return song.json() as { slika: string | null; resource: string | null };
}

async function songCount() {
  const rows = await t.app.db.selectFrom('songs').select('id').execute();
  return rows.length;
}

describe('pictures are checked by content', () => {
  it('accepts PNG and GIF images and serves them back byte for byte, with nosniff', async () => {
    for (const [bytes, type] of [
      [png(), 'image/png'],
      [gif(), 'image/gif'],
    ] as const) {
      const { slika } = await storedUrls({ picture: upload(bytes, 'cover', type) });
      expect(slika).toMatch(new RegExp(`^/uploads/[\\w-]+\\.${type.split('/')[1]}$`));
      const served = await fetchUpload(t.app, slika!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a text file named picture.png with 422 on picture', async () => {
    const response = await addSong({ picture: upload(text('just words'), 'picture.png', 'image/png') });
    expect(response.json()).toMatchObject({ message: PICTURE_KIND, errors: { picture: [PICTURE_KIND] } });
    expect(response.statusCode).toBe(422);
  });

  it('refuses an SVG (script-capable), a PDF and random bytes as a picture', async () => {
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const file of [
      upload(svg, 'picture.svg', 'image/svg+xml'),
      upload(pdf(), 'picture.png', 'image/png'),
      upload(binary(), 'picture.jpg', 'image/jpeg'),
    ]) {
      const errors = expectInvalid(await addSong({ picture: file }), ['picture']);
      expect(errors.picture, file.filename).toEqual([PICTURE_KIND]);
    }
    // the performer form checks its picture the same way
    const performerForm = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'X', picture: upload(text(), 'picture.png', 'image/png') },
      { token: people.tokens.owner },
    );
    expect(expectInvalid(performerForm, ['picture']).picture).toEqual([PICTURE_KIND]);
    expect(await songCount()).toBe(0);
  });

  it('refuses a picture over 5 MB with 422 naming the size; 5 MB itself is fine', async () => {
    const tooBig = await addSong({ picture: upload(bigPng(5 * MB + 1), 'big.png', 'image/png') });
    const errors = expectInvalid(tooBig, ['picture']);
    expect(errors.picture[0]).toMatch(/5 MB/);
    expect(tooBig.json().message).toMatch(/5 MB/);
    expect(await songCount()).toBe(0);

    const { slika } = await storedUrls({ picture: upload(bigPng(5 * MB), 'ok.png', 'image/png') });
    expect((await fetchUpload(t.app, slika!)).rawPayload.length).toBe(5 * MB);
  });

  it('treats an empty file part (no file chosen) as no picture', async () => {
    const { slika, resource } = await storedUrls({
      picture: upload(Buffer.alloc(0), '', 'application/octet-stream'),
      resource: upload(Buffer.alloc(0), '', 'application/octet-stream'),
    });
    expect(slika).toBeNull();
    expect(resource).toBeNull();
  });
});

describe('resources: PDF, image, audio or plain text', () => {
  it('accepts each kind and serves it with its own Content-Type and nosniff', async () => {
    const cases: [Buffer, string, RegExp, RegExp][] = [
      [pdf(), 'chords.pdf', /\.pdf$/, /^application\/pdf/],
      [text(), 'lyrics.txt', /\.txt$/, /^text\/plain; charset=utf-8$/i],
      [wav(), 'demo.wav', /\.wav$/, /^audio\/(x-)?wav/],
      [png(), 'sheet.png', /\.png$/, /^image\/png$/],
    ];
    for (const [bytes, filename, extension, contentType] of cases) {
      const { resource } = await storedUrls({ resource: upload(bytes, filename) });
      expect(resource, filename).toMatch(/^\/uploads\/[\w-]+\.[a-z0-9]+$/);
      expect(resource, filename).toMatch(extension);
      const served = await fetchUpload(t.app, resource!);
      expect(served.statusCode, filename).toBe(200);
      expect(served.headers['content-type'], filename).toMatch(contentType);
      expect(served.headers['x-content-type-options'], filename).toBe('nosniff');
      expect(served.rawPayload.equals(bytes), filename).toBe(true);
    }
  });

  it('refuses a zip archive and random binary bytes with 422 on resource', async () => {
    for (const file of [upload(zip(), 'song.zip', 'application/zip'), upload(binary(), 'song.pdf')]) {
      const response = await addSong({ resource: file });
      expect(response.json()).toMatchObject({
        message: RESOURCE_KIND,
        errors: { resource: [RESOURCE_KIND] },
      });
    }
    expect(await songCount()).toBe(0);
  });

  it('names a file by what it is, never by the name it came with', async () => {
    const html = text('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const { resource } = await storedUrls({ resource: upload(html, 'page.html', 'text/html') });
    expect(resource).toMatch(/\.txt$/);
    const served = await fetchUpload(t.app, resource!);
    expect(served.headers['content-type']).toMatch(/^text\/plain/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const first = await storedUrls({
      resource: upload(pdf(), 'My Song.pdf'),
      picture: upload(png(), 'my picture.png'),
    });
    const second = await storedUrls({
      resource: upload(pdf(), 'My Song.pdf'),
      picture: upload(png(), 'my picture.png'),
    });
    // Random names of URL-safe characters (a space is not one of them, so a random name cannot
    // hold the original by chance, as a two-letter piece of it could).
    expect(first.resource).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22,}\.pdf$/);
    expect(first.slika).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22,}\.png$/);
    expect(first.resource).not.toContain('My Song');
    expect(first.slika).not.toContain('my picture');
    expect(first.resource).not.toBe(second.resource);
    expect(first.slika).not.toBe(second.slika);
    expect(first.resource!.length).toBeGreaterThanOrEqual('/uploads/'.length + 22);
  });
});

describe('size limit of the whole upload', () => {
  it('answers 413 {message} to a file over 20 MB, picture or resource, and stores nothing', async () => {
    for (const field of ['picture', 'resource']) {
      const response = await addSong({ [field]: upload(bigPng(20 * MB + 1), 'huge.png', 'image/png') });
      expect(response.statusCode, field).toBe(413);
      expect(response.json(), field).toMatchObject({ message: expect.stringMatching(/20 MB/) });
    }
    expect(await songCount()).toBe(0);
  });
});

describe('malformed multipart bodies', () => {
  it('answers 400, never 500, to a body without a boundary or cut off in a file', async () => {
    const cases: [string, string][] = [
      ['multipart/form-data', 'no boundary at all'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n' +
          'Content-Type: image/png\r\n\r\n\x89PNG cut off',
      ],
    ];
    for (const url of ['/api/admin/addsong', '/api/admin/addperformer']) {
      for (const [contentType, payload] of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            cookie: 'XSRF-TOKEN=test-csrf-token',
            'x-xsrf-token': 'test-csrf-token',
            authorization: `Bearer ${people.tokens.owner}`,
            'content-type': contentType,
          },
          payload,
        });
        expect(response.statusCode, `${url} ${contentType}`).toBe(400);
        expect(response.json()).toMatchObject({ message: expect.any(String) });
      }
    }
  });
});

describe('GET /uploads/…', () => {
  it('answers 404 for a file that is not there, and never serves what is outside the uploads folder', async () => {
    expect((await fetchUpload(t.app, '/uploads/nothing-here.png')).statusCode).toBe(404);
    for (const url of [
      '/uploads/../encore.sqlite',
      '/uploads/..%2fencore.sqlite',
      '/uploads/%2e%2e/encore.sqlite',
      '/uploads/%2e%2e%2fencore.sqlite',
    ]) {
      const response = await fetchUpload(t.app, url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('SQLite format');
    }
  });
});
