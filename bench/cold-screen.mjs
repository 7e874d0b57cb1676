// A signed-in screen opened cold: how long after navigation its data shows (budget < 1.0 s on localhost),
// as after a reload, a deep link or a link in an e-mail. Each run is a new browser context (empty cache),
// signed in through the API first (its session cookie), then sent straight to the screen. The time is
// the page's own clock (performance.now(), from navigation start) when a table cell with the signed-in
// administrator's e-mail is added to the page, as a mutation observer in the page sees it (the test
// driver's own polling would add its latency). Starts nothing itself: give it the base URL of a
// running server that serves the built console, and the data dir it seeded the demo tenant into:
//   DATA_DIR=$(mktemp -d) PORT=8181 node apps/api/dist/main.js &
//   node bench/cold-screen.mjs http://localhost:8181 $DATA_DIR [/users]
// Prints one JSON line: the median, each run, how many scripts the page loaded, and the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';

const base = (process.argv[2] ?? process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const dataDir = process.argv[3] ?? process.env.DATA_DIR;
const screenPath = process.argv[4] ?? '/users';
if (!dataDir)
  throw new Error('Give the data dir the server seeded (its demo-login.json) as the second argument');
const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-login.json'), 'utf8'));
const RUNS = 5;
const BUDGET_MS = 1000;

const browser = await launchChromium();

/** In the page: notes when a table cell holding `text` first appears (`window.cellShownAt`). */
const watchForCell = (text) => {
  const observer = new MutationObserver(() => {
    for (const cell of document.querySelectorAll('td')) {
      if (cell.textContent?.includes(text)) {
        window.cellShownAt = performance.now();
        observer.disconnect();
        return;
      }
    }
  });
  addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
  );
};

const runs = [];
const scripts = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const signIn = await context.request.post(`${base}/api/v1/auth/login`, {
      headers: { Origin: base },
      data: { ...demo, timezone: 'UTC' },
    });
    if (!signIn.ok()) throw new Error(`Sign-in refused: ${signIn.status()} ${await signIn.text()}`);
    const page = await context.newPage();
    let scriptCount = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptCount++;
    });
    await page.addInitScript(watchForCell, demo.email);
    await page.goto(`${base}${screenPath}`, { waitUntil: 'commit' });
    // Waits for the page's own note, looked at every 50 ms: a role locator would compute the page's
    // accessibility tree on every poll, on the page's main thread, while the page is loading.
    await page.waitForFunction(() => window.cellShownAt !== undefined, null, {
      polling: 50,
      timeout: 30_000,
    });
    runs.push(Math.round(await page.evaluate(() => window.cellShownAt)));
    scripts.push(scriptCount);
    await context.close();
  }
} finally {
  await browser.close();
}

const sorted = [...runs].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  JSON.stringify({
    screen: screenPath,
    dataMsMedian: median,
    dataMsRuns: runs,
    scripts,
    budgetMs: BUDGET_MS,
  }),
);
process.exitCode = median < BUDGET_MS ? 0 : 1;
