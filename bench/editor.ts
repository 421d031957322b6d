// `npm run bench:editor`: the playlist editor in Chromium with BENCH_PLAYLIST_SONGS (2,000) songs in
// the playlist and BENCH_SONGS (100,000) available. Starts the real app (bench/editor-server.ts)
// serving the built panel, signs in through the login page, and measures with the page's own clock
// (bench/editor-probe.js):
// - opening the editor, from the playlists list (a click) and as a fresh page load: the long tasks
//   (PerformanceObserver 'longtask') until the page has been quiet for a while, and the time to the
//   first painted cards;
// - a keyboard move: space to lift, then the time from ArrowDown to the painted frame where the cards
//   make room, and from space (drop) to the painted new order;
// - a mouse move: from the pointer's move over a new place to the painted frame where the cards make
//   room, and from the release to the painted new order (pangea's drop animation, 0.33–0.55 s by
//   design, included and shown apart).
// Environment: BENCH_ROUNDS (5), BENCH_CLIENT_DIR (dist/client: another build to compare),
// BENCH_TIMEOUT_SECONDS (600), and the server's BENCH_SONGS and BENCH_PLAYLIST_SONGS.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from '@playwright/test';
import config from '../playwright.config.js';
import { envNumber, runBench, start } from './child.js';

const ROUNDS = envNumber('BENCH_ROUNDS', 5);
const LIMIT = envNumber('BENCH_TIMEOUT_SECONDS', 600);
/** How long the page must stay free of long tasks before an opening counts as done. */
const QUIET_MS = 1500;
/** An input whose effect has not shown by then failed. */
const EFFECT_TIMEOUT_MS = 120_000;
const PROBE = fileURLToPath(new URL('editor-probe.js', import.meta.url));

interface Info {
  port: number;
  playlist: number;
  email: string;
  password: string;
}
interface Timing {
  name: string;
  input: number;
  dom: number;
  painted: number;
  animationEnd: number;
}
interface LongTask {
  start: number;
  duration: number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1).padStart(7) : '      –');

/** Runs `input` and answers when the page showed its effect (see bench/editor-probe.js). */
async function timed(
  page: Page,
  name: string,
  inputType: string,
  condition: string,
  input: () => Promise<unknown>,
  args: object = {},
): Promise<Timing> {
  await page.evaluate(([n, t, c, a]) => (window as unknown as Probe).__editorBench.arm(n, t, c, a), [
    name,
    inputType,
    condition,
    args,
  ] as const);
  await input();
  const result = await Promise.race([
    page.evaluate(() => (window as unknown as Probe).__editorBench.pending),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${name}: no effect within ${EFFECT_TIMEOUT_MS} ms`)),
        EFFECT_TIMEOUT_MS,
      ),
    ),
  ]);
  return result as Timing;
}
interface Probe {
  __editorBench: {
    arm(name: string, inputType: string, condition: string, args: object): void;
    pending: Promise<Timing>;
    longTasks: LongTask[];
  };
}

/** Waits until no long task has begun for QUIET_MS, then answers the long tasks since `from`. */
async function longTasksSince(page: Page, from: number): Promise<LongTask[]> {
  for (;;) {
    const [tasks, now] = await page.evaluate(
      () => [(window as unknown as Probe).__editorBench.longTasks, performance.now()] as const,
    );
    const last = Math.max(from, ...tasks.map((t) => t.start + t.duration));
    if (now - last >= QUIET_MS) return tasks.filter((t) => t.start >= from);
    await page.waitForTimeout(QUIET_MS - (now - last));
  }
}

interface Opening {
  firstCards: number;
  tasks: LongTask[];
}
const describeOpening = (title: string, runs: Opening[]) => {
  const longest = runs.map((r) => Math.max(0, ...r.tasks.map((t) => t.duration)));
  const blocking = runs.map((r) => sum(r.tasks.map((t) => t.duration - 50)));
  console.log(
    `${title.padEnd(44)} first cards painted ${fmt(median(runs.map((r) => r.firstCards)))} ms (median)` +
      `   long tasks per opening ${runs.map((r) => r.tasks.length).join('/')}` +
      `   longest ${fmt(Math.max(...longest))} ms (median ${fmt(median(longest)).trim()})` +
      `   blocking ${fmt(median(blocking)).trim()} ms (median)`,
  );
  return Math.max(...longest);
};

const cardsOf = (page: Page) =>
  page.getByTestId('playlist-songs').locator('[data-rfd-drag-handle-draggable-id]');

/** The card at the middle of the playlist's panel, scrolled halfway down the playlist, and the one
 *  after it (in the middle, so a drag does not start pangea's scrolling near the edges). */
async function middleCards(page: Page): Promise<{ card: Locator; moved: string; after: string }> {
  const panel = page.getByTestId('playlist-songs');
  const [moved, after] = await panel.evaluate(async (element) => {
    element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    const box = element.getBoundingClientRect();
    const handles = [...element.querySelectorAll('[data-rfd-drag-handle-draggable-id]')];
    const middle = box.top + box.height / 2;
    const index = handles.findIndex((handle) => handle.getBoundingClientRect().bottom >= middle);
    // In the middle of the window too, so that a drag does not scroll the window either.
    handles[index].scrollIntoView({ block: 'center' });
    return [handles[index], handles[index + 1]].map((h) => h.getAttribute('aria-label')!.split(',')[0]);
  });
  const card = panel.locator(`[data-rfd-drag-handle-draggable-id][aria-label^="${moved},"]`);
  return { card, moved, after };
}

/** Waits for pangea's announcement that a card is lifted (with or without a clone, so an older
 *  build compares). */
const lifted = (page: Page) =>
  page.locator('[id^="rfd-announcement"]').filter({ hasText: 'You have lifted' }).waitFor();

async function keyboardMove(page: Page) {
  const { card, moved, after } = await middleCards(page);
  await card.focus();
  await page.keyboard.press('Space');
  await lifted(page);
  const arrow = await timed(page, 'arrow', 'keydown', 'shifted', () => page.keyboard.press('ArrowDown'));
  // pangea moves the other cards with a 0.2 s transition; drop once they are in place.
  await page.waitForTimeout(300);
  const drop = await timed(page, 'drop', 'keydown', 'reordered', () => page.keyboard.press('Space'), {
    moved,
    after,
  });
  return { arrow, drop };
}

async function mouseMove(page: Page) {
  const { card, moved, after } = await middleCards(page);
  const box = (await card.boundingBox())!;
  const rowHeight = await cardsOf(page)
    .nth(1)
    .evaluate(
      (element, first) => element.getBoundingClientRect().top - first,
      (await cardsOf(page).first().boundingBox())!.y,
    );
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 12, { steps: 4 });
  await lifted(page);
  await page.waitForTimeout(300);
  const over = await timed(page, 'over', 'mousemove', 'shifted', () =>
    page.mouse.move(x, y + 12 + rowHeight + 8),
  );
  await page.waitForTimeout(300);
  const drop = await timed(page, 'release', 'mouseup', 'reordered', () => page.mouse.up(), { moved, after });
  return { over, drop };
}

async function openFromList(page: Page, info: Info): Promise<Opening> {
  await page.goto('/admin/playlists');
  const link = page.getByRole('link', { name: 'Edit Setlist' });
  await link.waitFor();
  await longTasksSince(page, 0);
  const opened = await timed(page, 'open', 'click', 'opened', () => link.click());
  if (!page.url().endsWith(`/admin/playlist/${info.playlist}`)) throw new Error(`Opened ${page.url()}`);
  return { firstCards: opened.painted - opened.input, tasks: await longTasksSince(page, opened.input) };
}

async function openByLoad(page: Page, info: Info): Promise<Opening> {
  await page.goto(`/admin/playlist/${info.playlist}`);
  await cardsOf(page).first().waitFor();
  const painted = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
      ),
  );
  // Not exactly the first painted cards (that frame has passed): an upper bound.
  return { firstCards: painted, tasks: await longTasksSince(page, 0) };
}

async function main() {
  const server = await start<Info>('bench/editor-server.ts');
  const info = server.info;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${info.port}`,
      viewport: { width: 1280, height: 800 },
    });
    await context.addInitScript({ path: PROBE });
    const page = await context.newPage();
    // An editor that renders every card (an older build) can take long to open on a busy machine.
    page.setDefaultTimeout(EFFECT_TIMEOUT_MS);
    // The moves are not saved: leaving the editor confirms that, and the next load starts afresh.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(info.email);
    await page.getByLabel('Password').fill(info.password);
    await page.getByRole('button', { name: 'Login to Admin Panel' }).click();
    await page.waitForURL(/\/admin\/songs$/);

    const fromList: Opening[] = [];
    const byLoad: Opening[] = [];
    const keys: Awaited<ReturnType<typeof keyboardMove>>[] = [];
    const mouse: Awaited<ReturnType<typeof mouseMove>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      fromList.push(await openFromList(page, info));
      byLoad.push(await openByLoad(page, info));
      keys.push(await keyboardMove(page));
      mouse.push(await mouseMove(page));
    }
    const cards = await cardsOf(page).count();

    const [load1, load5, load15] = os.loadavg().map((n) => n.toFixed(2));
    console.log(
      `\nPlaylist editor, ${process.env.BENCH_PLAYLIST_SONGS ?? 2000} songs in the playlist, ` +
        `${process.env.BENCH_SONGS ?? 100000} available; ${ROUNDS} rounds; ${cards} cards in the page; ` +
        `load average ${load1} ${load5} ${load15} on ${os.cpus().length} cores`,
    );
    const longestOpening = Math.max(
      describeOpening('open from the playlists list (click)', fromList),
      describeOpening('open by loading its address', byLoad),
    );
    const line = (title: string, timings: Timing[]) => {
      const toDom = timings.map((t) => t.dom - t.input);
      const toPaint = timings.map((t) => t.painted - t.input);
      console.log(
        `${title.padEnd(44)} to DOM ${fmt(median(toDom))} ms   to paint ${fmt(median(toPaint))} ms median,` +
          ` ${fmt(Math.max(...toPaint))} ms worst   (${toPaint.map((n) => n.toFixed(0)).join(', ')})`,
      );
      return Math.max(...toPaint);
    };
    const worstMove = Math.max(
      line(
        'keyboard: ArrowDown → cards make room',
        keys.map((k) => k.arrow),
      ),
      line(
        'keyboard: space (drop) → new order',
        keys.map((k) => k.drop),
      ),
      line(
        'mouse: move over a new place → cards make room',
        mouse.map((m) => m.over),
      ),
    );
    const release = mouse.map((m) => m.drop);
    line('mouse: release → new order (with animation)', release);
    const afterAnimation = release.map((t) => t.painted - t.animationEnd);
    console.log(
      `${'mouse: drop animation end → new order'.padEnd(44)} ${fmt(median(afterAnimation))} ms median,` +
        ` ${fmt(Math.max(...afterAnimation))} ms worst (pangea's animation: ${fmt(median(release.map((t) => t.animationEnd - t.input))).trim()} ms median)`,
    );
    console.log(
      `\nLongest task while opening: ${longestOpening.toFixed(0)} ms (target ≤ 200 ms); ` +
        `slowest move to paint: ${worstMove.toFixed(0)} ms (target ≤ 100 ms).`,
    );
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await runBench(main, LIMIT);
