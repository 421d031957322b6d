import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildTestApp, call, createBand, createUser, login, type TestApp } from './helpers.js';

// Rules that read and then write (the last admin, a band that still owns items) must hold when two
// requests arrive at once. Races show only sometimes, so each case runs several rounds.
const ROUNDS = 8;

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

/** Exactly two system admins, each signed in. */
async function twoAdmins(round: number) {
  await t.app.db.deleteFrom('users').execute();
  const signedIn = async (name: string) => {
    const user = await createUser(t.app, { email: `${name}-${round}@test.local`, role: 'admin' });
    return { id: user.id, token: await login(t.app, user.email, user.password) };
  };
  return { first: await signedIn('first'), second: await signedIn('second') };
}

/**
 * One change wins; the other is refused by the rule (409) or, when it reached the server after the
 * winner had already demoted or deleted its caller, by the caller's lost role (403) or session (401).
 */
function expectOneWins(answers: { statusCode: number }[], lostCaller: number, round: number) {
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses[0], `round ${round}`).toBe(200);
  expect([409, lostCaller], `round ${round}`).toContain(statuses[1]);
}

const adminCount = async () =>
  (await t.app.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).length;

describe('the last system admin, with two admins acting at once', () => {
  it('two admins demoting each other leave one admin', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { first, second } = await twoAdmins(round);
      const answers = await Promise.all([
        call(t.app, 'POST', `/api/admin/users/${second.id}/role`, {
          token: first.token,
          body: { role: 'viewer' },
        }),
        call(t.app, 'POST', `/api/admin/users/${first.id}/role`, {
          token: second.token,
          body: { role: 'viewer' },
        }),
      ]);
      expect(await adminCount(), `round ${round}`).toBe(1);
      expectOneWins(answers, 403, round);
    }
  });

  it('two admins deleting each other leave one admin', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { first, second } = await twoAdmins(round);
      const answers = await Promise.all([
        call(t.app, 'GET', `/api/admin/user/${second.id}/delete`, { token: first.token }),
        call(t.app, 'GET', `/api/admin/user/${first.id}/delete`, { token: second.token }),
      ]);
      expect(await adminCount(), `round ${round}`).toBe(1);
      expectOneWins(answers, 401, round);
    }
  });

  it('an edit that demotes and a delete at once leave one admin', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { first, second } = await twoAdmins(round);
      const edit = {
        name: 'First',
        email: `first-${round}@test.local`,
        password: '',
        role: 'band_admin',
        band_id: null,
      };
      await Promise.all([
        call(t.app, 'POST', `/api/admin/user/${first.id}/update`, { token: second.token, body: edit }),
        call(t.app, 'GET', `/api/admin/user/${second.id}/delete`, { token: first.token }),
      ]);
      expect(await adminCount(), `round ${round}`).toBe(1);
    }
  });
});

describe('deleting a band while its members add items', () => {
  it('never deletes an item that was accepted, unless asked to cascade', async () => {
    const adminToken = await login(t.app, ADMIN.email, ADMIN.password);
    for (let round = 0; round < ROUNDS; round++) {
      const bandId = await createBand(t.app, `Band ${round}`);
      const member = await createUser(t.app, {
        email: `member-${round}@test.local`,
        role: 'band_admin',
        bandId,
      });
      const memberToken = await login(t.app, member.email, member.password);
      const [removed, added] = await Promise.all([
        call(t.app, 'DELETE', `/api/admin/deleteband/${bandId}`, { token: adminToken }),
        call(t.app, 'POST', '/api/admin/addperformer', { token: memberToken, body: { title: `P ${round}` } }),
      ]);
      expect(removed.statusCode, `round ${round}: ${removed.body}`).toBeLessThan(500);
      expect(added.statusCode, `round ${round}: ${added.body}`).toBeLessThan(500);
      // Either the band went first (and the add was refused) or the performer did (and the band stays).
      expect([removed.statusCode, added.statusCode], `round ${round}`).not.toEqual([200, 200]);
      const performers = await t.app.db
        .selectFrom('performers')
        .select('id')
        .where('naziv', '=', `P ${round}`)
        .execute();
      expect(performers.length, `round ${round}`).toBe(added.statusCode === 200 ? 1 : 0);
    }
  });
});
