import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/server/errors.js';
import { validationErrors } from '../../src/server/plugins/errors.js';
import { NamedItemForm } from '../../src/server/services/forms/item-form.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { expectInvalid, postForm, seedPeople, type People, type Who } from './fixtures.js';

/** Forms described by schemas (issue 24, point 3): multipart and JSON bodies alike. */
let t: TestApp;
let people: People;
const token = (who: Who) => people.tokens[who];

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
});
afterEach(async () => t.close());

interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
}
interface Schema {
  properties?: Record<string, unknown>;
  required?: string[];
}

describe('the body schemas', () => {
  it('document every form in the OpenAPI document, its fields and which are required', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const forms: [string, string[], string[]][] = [
      ['/api/admin/addsong', ['title', 'performer'], ['visible', 'resursi', 'picture', 'resource']],
      ['/api/admin/song/{id}/update', ['title', 'performer'], ['remove_picture', 'remove_resource']],
      ['/api/admin/addperformer', ['title'], ['visible', 'picture']],
      ['/api/admin/performer/{id}/update', ['title'], ['visible', 'picture', 'remove_picture']],
      ['/api/admin/addplaylist', ['title'], ['visible', 'picture']],
      ['/api/admin/playlist/{id}/update', ['title'], ['songs', 'remove_picture']],
      [
        '/api/admin/addgig',
        ['title', 'lokacija', 'razmakpesme', 'razmakvreme', 'starttime', 'playlista'],
        [],
      ],
      ['/api/admin/gig/{id}/update', ['title', 'starttime'], ['status', 'allow_messages', 'picture']],
      ['/api/admin/addband', ['naziv'], ['email', 'slug', 'picture']],
      ['/api/admin/updateband/{id}', ['naziv'], ['remove_picture']],
      ['/api/admin/songs/import', [], ['file']],
      ['/api/admin/songs/import/preview', [], ['file']],
    ];
    for (const [path, required, optional] of forms) {
      const content = doc.paths[path]?.post?.requestBody?.content;
      expect(Object.keys(content ?? {}), path).toContain('multipart/form-data');
      const schema = content!['multipart/form-data'].schema;
      expect(Object.keys(schema.properties ?? {}), path).toEqual(
        expect.arrayContaining([...required, ...optional]),
      );
      expect(schema.required ?? [], path).toEqual(expect.arrayContaining(required));
      for (const field of optional) expect(schema.required ?? [], `${path} ${field}`).not.toContain(field);
    }
    for (const path of ['/api/admin/adduser', '/api/admin/user/{id}/update', '/api/admin/users/{id}/role']) {
      const schema = doc.paths[path]?.post?.requestBody?.content['application/json'].schema;
      expect(schema?.properties, path).toBeDefined();
    }
  });

  it('validate a JSON body to a form as they validate the multipart one', async () => {
    const blank = await call(t.app, 'POST', '/api/admin/addperformer', {
      token: token('owner'),
      body: { title: '   ', visible: 'perhaps' },
    });
    expect(blank.json()).toMatchObject({
      message: 'The title field is required.',
      errors: {
        title: ['The title field is required.'],
        visible: ['The visible field must be true or false.'],
      },
    });
    const added = await call(t.app, 'POST', '/api/admin/addperformer', {
      token: token('owner'),
      body: { title: '  Bajaga  ', visible: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    const read = await call(t.app, 'GET', `/api/admin/performer/${added.json().id}`, {
      token: token('owner'),
    });
    expect(read.json()).toMatchObject({ naziv: 'Bajaga', visibility: true });
  });

  it('answer with the fields in the order of the form, one sentence each', async () => {
    const response = await postForm(
      t.app,
      '/api/admin/addgig',
      { title: 'x'.repeat(201), razmakpesme: 'many', razmakvreme: '1', starttime: '2026-02-30T20:00' },
      { token: token('owner') },
    );
    const errors = expectInvalid(response, [
      'title',
      'lokacija',
      'razmakpesme',
      'razmakvreme',
      'starttime',
      'playlista',
    ]);
    expect(Object.keys(errors)).toEqual([
      'title',
      'lokacija',
      'razmakpesme',
      'razmakvreme',
      'starttime',
      'playlista',
    ]);
    expect(errors).toEqual({
      title: ['The title may not be longer than 200 characters.'],
      lokacija: ['The location field is required.'],
      razmakpesme: ['The minimum songs between same orders must be a whole number from 1 to 1000.'],
      razmakvreme: ['The minimum minutes between same orders must be a whole number from 2 to 1440.'],
      starttime: ['The start time must be a date and time (YYYY-MM-DDTHH:MM).'],
      playlista: ['The playlist field is required.'],
    });
    expect(response.json().message).toBe('The title may not be longer than 200 characters.');
  });
});

describe('an edit form', () => {
  it('is answered about its item (404, 403) before its fields, and about its address at once', async () => {
    const own = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'Bajaga', visible: '1' },
      { token: token('owner') },
    );
    const id = own.json().id as number;
    const bad = { title: '', visible: 'perhaps' };
    for (const path of ['performer', 'playlist', 'song', 'gig']) {
      const missing = await postForm(t.app, `/api/admin/${path}/999999/update`, bad, {
        token: token('owner'),
      });
      expect(missing.statusCode, path).toBe(404);
      const notAnId = await postForm(t.app, `/api/admin/${path}/abc/update`, bad, { token: token('owner') });
      expect(notAnId.statusCode, path).toBe(422);
      expect(Object.keys(notAnId.json().errors), path).toEqual(['id']);
    }
    expect(
      (await postForm(t.app, `/api/admin/performer/${id}/update`, bad, { token: token('outsider') }))
        .statusCode,
    ).toBe(403);
    expect(
      (await postForm(t.app, `/api/admin/updateband/999999`, { naziv: '' }, { token: token('admin') }))
        .statusCode,
    ).toBe(404);
    for (const [url, body] of [
      ['/api/admin/user/999999/update', { name: '' }],
      ['/api/admin/users/999999/role', { role: 'king' }],
    ] as const) {
      expect((await call(t.app, 'POST', url, { token: token('admin'), body })).statusCode, url).toBe(404);
    }
    expectInvalid(
      await postForm(t.app, `/api/admin/performer/${id}/update`, bad, { token: token('owner') }),
      ['title', 'visible'],
    );
  });
});

/** The sentences of validationErrors as the answer's `errors` says them. */
const messagesOf = (...args: Parameters<typeof validationErrors>) =>
  fieldErrors(validationErrors(...args)).errors;

describe('validationErrors', () => {
  const schema = NamedItemForm;
  it('uses the field’s sentences: required for missing or blank, then by keyword', () => {
    const errors = messagesOf(
      [
        { instancePath: '/visible', keyword: 'pattern', params: {} },
        { instancePath: '', keyword: 'required', params: { missingProperty: 'title' } },
      ],
      'body',
      { schema, value: { visible: 'x' } },
    );
    expect(Object.keys(errors)).toEqual(['title', 'visible']);
    expect(errors.title).toEqual(['The title field is required.']);
    expect(errors.visible).toEqual(['The visible field must be true or false.']);
    const long = messagesOf([{ instancePath: '/title', keyword: 'maxLength', params: {} }], 'body', {
      schema,
      value: { title: 'x'.repeat(201) },
    });
    expect(long.title).toEqual(['The title may not be longer than 200 characters.']);
  });

  it('keeps ajv’s words for fields without sentences, and for other parts of the request', () => {
    const errors = messagesOf(
      [{ instancePath: '/colour', keyword: 'type', message: 'must be string', params: {} }],
      'body',
      { schema, value: { colour: 1 } },
    );
    expect(errors).toEqual({ colour: ['The colour field must be string.'] });
    const params = messagesOf(
      [{ instancePath: '/id', keyword: 'type', message: 'must be integer', params: {} }],
      'params',
      { schema, value: {} },
    );
    expect(params).toEqual({ id: ['The id field must be integer.'] });
  });
});
