import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { E2E_DATA_DIR } from '../../playwright.config';
import { DEMO_USERS } from '../../src/server/demo/demo-data';

export const demo = (role: 'admin' | 'band_admin' | 'viewer') => DEMO_USERS.find((u) => u.role === role)!;

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login to Admin Panel' }).click();
}

/**
 * Saves a screenshot of the screen for people to look at (test-results/screenshots), and attaches it
 * to the test's report when given the test's info.
 */
export async function screenshot(page: Page, name: string, testInfo?: TestInfo) {
  const file = path.join('test-results', 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo?.attach(name, { path: file, contentType: 'image/png' });
}

/** No serious or critical accessibility violation on the current page; with `everyImpact`, none at
 *  all (Lighthouse's accessibility score, made of axe's rules, is 100 only then). */
export async function expectAccessible(page: Page, { everyImpact = false } = {}) {
  // A dialog or menu still fading in has its text blended with what is behind it: axe would measure
  // that contrast (a CI run failed on it). CSS transitions only: a toast's progress bar or a spinner
  // is a CSS animation and may run on.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter(
    (v) => everyImpact || v.impact === 'serious' || v.impact === 'critical',
  );
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** Makes every session of this user look idle for the given minutes, as if time had passed. */
export function ageSessions(email: string, minutes: number) {
  const db = new SQLite(path.join(E2E_DATA_DIR, 'encore.sqlite'));
  try {
    const past = new Date(Date.now() - minutes * 60_000).toISOString();
    db.prepare(
      'update sessions set last_used_at = ? where user_id = (select id from users where email = ?)',
    ).run(past, email);
  } finally {
    db.close();
  }
}
