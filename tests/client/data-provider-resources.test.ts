import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/client/providers/dataProvider';
import { toFormData } from '../../src/client/providers/repertoire';
import type { HttpClient, HttpInit } from '../../src/client/providers/httpClient';

/** An httpClient that records each call and answers with `answer(url, init)`. */
function fakeHttp(answer: (url: string, init?: HttpInit) => unknown = () => null) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const http = vi.fn(async (url: string, init?: HttpInit) => {
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body });
    return { status: 200, json: await answer(url, init) };
  });
  return { provider: createDataProvider(http as unknown as HttpClient), calls };
}

/** A FormData's fields as [name, value] pairs, files by their name and content. */
async function fields(body: unknown): Promise<[string, string][]> {
  expect(body).toBeInstanceOf(FormData);
  const pairs: [string, string][] = [];
  for (const [name, value] of (body as FormData).entries())
    pairs.push([name, typeof value === 'string' ? value : `file ${value.name}: ${await value.text()}`]);
  return pairs;
}

const picture = () => new File(['png bytes'], 'cover.png', { type: 'image/png' });
const pdf = () => new File(['%PDF-1.4'], 'chords.pdf', { type: 'application/pdf' });

const SONG = {
  id: 5,
  naziv: 'Đurđevdan',
  slika: null,
  nazivizvodjaca: 'Bijelo Dugme',
  idizvodjaca: 3,
  owned: true,
  visibility: false,
  resursi: null,
  resource: null,
};

const PERFORMER = { id: 3, naziv: 'Bijelo Dugme', slika: null, owned: true, visibility: true };

describe('dataProvider: songs', () => {
  it('getList GETs /api/admin/songs?o=<ownership>&q=<q>&pg=<page - 1> and returns data and total', async () => {
    const { provider, calls } = fakeHttp(() => ({ data: [SONG], total: 41 }));
    const result = await provider.getList('songs', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { ownership: 1, q: 'đurđ' },
    });
    expect(calls).toEqual([
      { url: `/api/admin/songs?o=1&q=${encodeURIComponent('đurđ')}&pg=2`, method: 'GET', body: undefined },
    ]);
    expect(result).toEqual({ data: [SONG], total: 41 });
  });

  it('getList of a search with more matches than counted: pages on while they are full, and says so', async () => {
    const full = Array.from({ length: 20 }, (_, i) => ({ ...SONG, id: i + 1 }));
    const { provider } = fakeHttp(() => ({ data: full, total: 1000, more_than_total: true }));
    const result = await provider.getList('songs', {
      pagination: { page: 60, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { ownership: 1, q: 'srce' },
    });
    expect(result).toEqual({
      data: full,
      total: 1000,
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
      meta: { moreThanTotal: true },
    });
    const { provider: lastPage } = fakeHttp(() => ({ data: [SONG], total: 1000, more_than_total: true }));
    const last = await lastPage.getList('songs', {
      pagination: { page: 61, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { ownership: 1, q: 'srce' },
    });
    expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  it('getList sends o and pg=0 for the first page, and no search text when the search is empty', async () => {
    const { provider, calls } = fakeHttp(() => ({ data: [], total: 0 }));
    await provider.getList('songs', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { ownership: 2, q: '' },
    });
    expect(calls).toHaveLength(1);
    const [path, query] = calls[0].url.split('?');
    expect(path).toBe('/api/admin/songs');
    const params = new URLSearchParams(query);
    expect(params.get('o')).toBe('2');
    expect(params.get('pg')).toBe('0');
    expect(params.get('q') ?? '').toBe('');
    expect(params.has('os')).toBe(false);
  });

  it('getOne GETs /api/admin/song/{id}', async () => {
    const { provider, calls } = fakeHttp(() => SONG);
    await expect(provider.getOne('songs', { id: 5 })).resolves.toEqual({ data: SONG });
    expect(calls).toEqual([{ url: '/api/admin/song/5', method: 'GET', body: undefined }]);
  });

  it('create maps the record (naziv, idizvodjaca, visibility, resursi, files) to multipart title, performer, visible, picture, resursi and resource on /api/admin/addsong', async () => {
    const { provider, calls } = fakeHttp(() => ({ id: 12 }));
    const result = await provider.create('songs', {
      data: {
        naziv: 'Đurđevdan',
        idizvodjaca: 3,
        visibility: true,
        picture: picture(),
        resursi: 'https://example.com/chords',
        resource_file: pdf(),
      },
    });
    expect(calls.map(({ url, method }) => ({ url, method }))).toEqual([
      { url: '/api/admin/addsong', method: 'POST' },
    ]);
    expect(await fields(calls[0].body)).toEqual([
      ['title', 'Đurđevdan'],
      ['performer', '3'],
      ['visible', '1'],
      ['picture', 'file cover.png: png bytes'],
      ['resursi', 'https://example.com/chords'],
      ['resource', 'file chords.pdf: %PDF-1.4'],
    ]);
    expect(result.data.id).toBe(12);
  });

  it("create sends visible '0' for an unchecked box, a cleared link as '' and no file when none was chosen", async () => {
    const { provider, calls } = fakeHttp(() => ({ id: 13 }));
    await provider.create('songs', {
      data: { naziv: 'Lutka', idizvodjaca: 4, visibility: false, picture: undefined, resursi: null },
    });
    expect(await fields(calls[0].body)).toEqual([
      ['title', 'Lutka'],
      ['performer', '4'],
      ['visible', '0'],
      ['resursi', ''],
    ]);
  });

  it('a 422 answer comes back keyed by the record fields (title → naziv), one message each', async () => {
    const { HttpError } = await import('react-admin');
    const { provider } = fakeHttp(() => {
      throw new HttpError('Invalid', 422, {
        message: 'Invalid',
        errors: { title: ['Too long.', 'x'], band: ['No band.'] },
      });
    });
    await expect(provider.create('songs', { data: { naziv: 'x' } })).rejects.toMatchObject({
      status: 422,
      body: { errors: { naziv: 'Too long.', band: 'No band.' } },
    });
  });

  it("update POSTs multipart to /api/admin/song/{id}/update and returns the server's song", async () => {
    const updated = { ...SONG, naziv: 'Đurđevdan (live)', visibility: true };
    const { provider, calls } = fakeHttp(() => updated);
    const result = await provider.update('songs', {
      id: 5,
      // The whole record, as the edit form holds it: fields the server does not take stay home.
      data: { ...SONG, naziv: 'Đurđevdan (live)', visibility: true, resursi: 'https://example.com/x' },
      previousData: SONG,
    });
    expect(calls.map(({ url, method }) => ({ url, method }))).toEqual([
      { url: '/api/admin/song/5/update', method: 'POST' },
    ]);
    expect(await fields(calls[0].body)).toEqual([
      ['title', 'Đurđevdan (live)'],
      ['performer', '3'],
      ['visible', '1'],
      ['resursi', 'https://example.com/x'],
    ]);
    expect(result.data).toEqual(updated);
  });

  it('delete GETs /api/admin/song/{id}/delete', async () => {
    const { provider, calls } = fakeHttp(() => ({ error: false }));
    const result = await provider.delete('songs', { id: 5, previousData: SONG });
    expect(calls).toEqual([{ url: '/api/admin/song/5/delete', method: 'GET', body: undefined }]);
    expect(result.data).toMatchObject({ id: 5, error: false });
  });
});

describe('dataProvider: performers', () => {
  it('getList GETs /api/admin/performers?os=<ownership>&q=<q>&pg=<page - 1>', async () => {
    const { provider, calls } = fakeHttp(() => ({ data: [PERFORMER], total: 1 }));
    const result = await provider.getList('performers', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { ownership: 3, q: 'dugme' },
    });
    expect(calls).toEqual([
      { url: '/api/admin/performers?os=3&q=dugme&pg=1', method: 'GET', body: undefined },
    ]);
    expect(result).toEqual({ data: [PERFORMER], total: 1 });
  });

  it('getOne GETs /api/admin/performer/{id}', async () => {
    const { provider, calls } = fakeHttp(() => PERFORMER);
    await expect(provider.getOne('performers', { id: 3 })).resolves.toEqual({ data: PERFORMER });
    expect(calls).toEqual([{ url: '/api/admin/performer/3', method: 'GET', body: undefined }]);
  });

  it('create POSTs multipart title, picture and visible to /api/admin/addperformer', async () => {
    const { provider, calls } = fakeHttp(() => ({ id: 8 }));
    const result = await provider.create('performers', {
      data: { naziv: 'Riblja Čorba', picture: picture(), visibility: false },
    });
    expect(calls.map(({ url, method }) => ({ url, method }))).toEqual([
      { url: '/api/admin/addperformer', method: 'POST' },
    ]);
    expect(await fields(calls[0].body)).toEqual([
      ['title', 'Riblja Čorba'],
      ['picture', 'file cover.png: png bytes'],
      ['visible', '0'],
    ]);
    expect(result.data.id).toBe(8);
  });

  it('update POSTs multipart to /api/admin/performer/{id}/update', async () => {
    const { provider, calls } = fakeHttp(() => ({ ...PERFORMER, naziv: 'Dugme' }));
    const result = await provider.update('performers', {
      id: 3,
      data: { ...PERFORMER, naziv: 'Dugme', visibility: true },
      previousData: PERFORMER,
    });
    expect(calls.map(({ url, method }) => ({ url, method }))).toEqual([
      { url: '/api/admin/performer/3/update', method: 'POST' },
    ]);
    expect(await fields(calls[0].body)).toEqual([
      ['title', 'Dugme'],
      ['visible', '1'],
    ]);
    expect(result.data).toMatchObject({ id: 3, naziv: 'Dugme' });
  });

  it("delete GETs /api/admin/performer/{id}/delete and keeps the server's answer", async () => {
    const answer = {
      error: false,
      affected_songs: 4,
      deleted_performer: { id: 3, naziv: 'Bijelo Dugme', slika: null },
    };
    const { provider, calls } = fakeHttp(() => answer);
    const result = await provider.delete('performers', { id: 3, previousData: PERFORMER });
    expect(calls).toEqual([{ url: '/api/admin/performer/3/delete', method: 'GET', body: undefined }]);
    expect(result.data).toMatchObject({ id: 3, ...answer });
  });
});

describe('toFormData', () => {
  it("skips null and undefined, turns booleans into '1'/'0' and keeps files as files", () => {
    const file = picture();
    const form = toFormData({ a: null, b: undefined, yes: true, no: false, n: 0, text: '', file });
    expect([...form.keys()]).toEqual(['yes', 'no', 'n', 'text', 'file']);
    expect(form.get('yes')).toBe('1');
    expect(form.get('no')).toBe('0');
    expect(form.get('n')).toBe('0');
    expect(form.get('text')).toBe('');
    expect(form.get('file')).toBeInstanceOf(File);
    expect((form.get('file') as File).name).toBe('cover.png');
  });
});

describe('answers that signal failure in their body (spec §2, §7)', () => {
  it('treats a list answer with a login flag as signed out (HTTP 401 for react-admin)', async () => {
    const { provider } = fakeHttp(() => ({ login: true, data: [], total: 0 }));
    await expect(
      provider.getList('songs', {
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('treats a delete answer with error: true as a failure', async () => {
    const { provider } = fakeHttp(() => ({ error: true, message: 'Song not deleted' }));
    await expect(provider.delete('songs', { id: 5, previousData: SONG })).rejects.toThrow('Song not deleted');
  });
});

describe('dataProvider: one provider per kind of resource (combineDataProviders)', () => {
  it('sends users and bands to their own endpoints and the repertoire to the shared shape', async () => {
    const { provider, calls } = fakeHttp((url) =>
      url.startsWith('/api/admin/songs')
        ? { data: [SONG], total: 1 }
        : { data: [{ id: 1, naziv: 'Zvezde' }] },
    );
    await expect(provider.getList('users', {})).resolves.toEqual({
      data: [{ id: 1, naziv: 'Zvezde' }],
      total: 1,
    });
    await expect(provider.getOne('bands', { id: '1' })).resolves.toEqual({
      data: { id: 1, naziv: 'Zvezde' },
    });
    await expect(provider.getList('songs', {})).resolves.toEqual({ data: [SONG], total: 1 });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/users',
      '/api/admin/bands',
      '/api/admin/songs?pg=0',
    ]);
  });

  it("lists a band's members by reference, and refuses what no endpoint does", async () => {
    const { provider, calls } = fakeHttp(() => ({ users: [{ id: 5, name: 'Jovan' }] }));
    await expect(
      provider.getManyReference('users', {
        target: 'band',
        id: 2,
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).resolves.toEqual({ data: [{ id: 5, name: 'Jovan' }], total: 1 });
    expect(calls).toEqual([{ url: '/api/admin/band/2/users', method: 'GET', body: undefined }]);
    await expect(provider.deleteMany('bands', { ids: [1, 2] })).rejects.toThrow('is not supported');
    await expect(provider.updateMany('songs', { ids: [1], data: {} })).rejects.toThrow('is not supported');
    await expect(provider.getList('venues', {})).rejects.toThrow('Unknown resource: venues');
    expect(calls).toHaveLength(1);
  });

  it("a user's 422 comes back keyed by the form's fields (band_id → band), one message each", async () => {
    const { HttpError } = await import('react-admin');
    const { provider } = fakeHttp(() => {
      throw new HttpError('Invalid', 422, {
        message: 'Invalid',
        errors: { band_id: ['No such band.', 'x'], email: 'Taken.' },
      });
    });
    await expect(provider.create('users', { data: { name: 'Nina', band: 9 } })).rejects.toMatchObject({
      status: 422,
      body: { message: 'Invalid', errors: { band: 'No such band.', email: 'Taken.' } },
    });
  });

  it('keeps the calls of its own beside the resources (the dashboard, the system)', async () => {
    const { provider, calls } = fakeHttp(() => ({ logs: [] }));
    await expect(provider.getSystemLogs('error')).resolves.toEqual([]);
    expect(calls).toEqual([{ url: '/api/admin/system-logs?type=error', method: 'GET', body: undefined }]);
  });
});
