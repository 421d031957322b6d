// `npm run bench:chart`: the stage view's time to show a 10 kB ChordPro chart (issue 27), in
// Chromium against the real app (bench/chart-server.ts) serving the built panel. A band admin signs
// in through the login page and opens the band page; each round then, with the page's own clock,
// times a tap on "Open <song>" to the frame painted after the chart's chords are in the page:
// - cold: the first opening after the band page was loaded (the chart's code is fetched and the
//   chart parsed for the first time in the page);
// - warm: the same song opened again in the same page (what a band does song after song).
// Environment: BENCH_ROUNDS (10), BENCH_CHART_KB (10), BENCH_CLIENT_DIR (dist/client),
// BENCH_TIMEOUT_SECONDS (300).
import { chromium, type Page } from '@playwright/test';
import config from '../playwright.config.js';
import { envNumber, runBench, start } from './child.js';

const ROUNDS = envNumber('BENCH_ROUNDS', 10);
const LIMIT = envNumber('BENCH_TIMEOUT_SECONDS', 300);

interface Info {
  port: number;
  token: string;
  song: string;
  email: string;
  password: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Tap → the painted frame after the chart's chords are in the page, in ms; then back to the queue. */
async function openChart(page: Page, song: string) {
  // A string, not a function: tsx would wrap a function's inner helpers in its own (__name).
  const ms = (await page.evaluate(`(async () => {
    const button = document.querySelector(${JSON.stringify(`button[aria-label="Open ${song}"]`)});
    if (!button) throw new Error('No button to open the song');
    const started = performance.now();
    button.click();
    await new Promise((resolve) => {
      const check = () =>
        document.querySelector('[role=dialog] [data-chord]') ? resolve() : requestAnimationFrame(check);
      requestAnimationFrame(check);
    });
    // The frame that shows it: the next animation frame's task runs after it was painted.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  })()`)) as number;
  const chords = await page.locator('[role=dialog] [data-chord]').count();
  await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  return { ms, chords };
}

async function main() {
  const server = await start<Info>('bench/chart-server.ts');
  const { info } = server;
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${info.port}`,
      viewport: { width: 1024, height: 768 },
    });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(info.email);
    await page.getByLabel('Password').fill(info.password);
    await page.getByRole('button', { name: 'Login to Admin Panel' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    const cold: number[] = [];
    const warm: number[] = [];
    let chords = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(`/band/${info.token}`);
      await page
        .getByRole('button', { name: `Open ${info.song}`, exact: true })
        .waitFor()
        .catch(async (error: unknown) => {
          await page.screenshot({ path: '/tmp/chart-bench.png' });
          throw error;
        });
      const first = await openChart(page, info.song);
      cold.push(first.ms);
      chords = first.chords;
      warm.push((await openChart(page, info.song)).ms);
    }
    const line = (name: string, values: number[]) =>
      console.log(
        `${name.padEnd(36)} p50 ${percentile(values, 50).toFixed(0).padStart(5)} ms   worst ` +
          `${Math.max(...values)
            .toFixed(0)
            .padStart(5)} ms   (${values.map((n) => n.toFixed(0)).join(', ')})`,
      );
    console.log(
      `\nStage view, a ${process.env.BENCH_CHART_KB ?? 10} kB ChordPro chart (${chords} chords), ${ROUNDS} rounds`,
    );
    line('tap → chart painted, cold (1st open)', cold);
    line('tap → chart painted, warm (again)', warm);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await runBench(main, LIMIT);
