// Largest contentful paint of the login page (/auth/login; a bare /login is a signed-in path that sends
// the visitor there after the session check) in headless Chromium (budget < 1.0 s on localhost). Starts
// nothing itself: give it the base URL of a running server that serves the built console, e.g.
//   DATA_DIR=$(mktemp -d) PORT=8181 node apps/api/dist/main.js &
//   node bench/lcp.mjs http://localhost:8181
// Each run is a new browser context (a fresh profile: empty cache, no cookies), so every run is a first
// visit. LCP is what the browser reports to web-vitals (onLCP, every change reported): the last
// largest-contentful-paint entry once the page is idle (the form drawn, the network quiet, an idle
// callback), not the first one observed, which an earlier, smaller paint can be. Prints one JSON line:
// the median of the runs, each run, and the budget.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';

// The package exports its modules only; its browser build (an IIFE assigning `var webVitals`) sits beside
// them. An init script runs in a function of its own, so the result is put on `window` by hand.
const webVitals = `${readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js'),
  'utf8',
)};window.webVitals = webVitals;`;

const base = (process.argv[2] ?? process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const RUNS = 5;
const BUDGET_MS = 1000;

const browser = await launchChromium();

/** Reports every LCP value web-vitals sees into `window.lcpReports`, from before the page's own code. */
const recordLcp = () => {
  window.lcpReports = [];
  addEventListener('DOMContentLoaded', () =>
    window.webVitals.onLCP((metric) => window.lcpReports.push(metric.value), { reportAllChanges: true }),
  );
};

/** The last LCP reported once the page has been idle: an idle callback after the network went quiet. */
const lastLcp = () =>
  new Promise((resolve) => requestIdleCallback(() => resolve(window.lcpReports.at(-1) ?? null)));

const runs = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript({ content: webVitals });
    await page.addInitScript(recordLcp);
    await page.goto(`${base}/auth/login`, { waitUntil: 'load' });
    // The login form is what the visitor waits for; LCP can change until the page has painted it.
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const lcp = await page.evaluate(lastLcp);
    if (lcp === null) throw new Error('The browser reported no largest contentful paint');
    runs.push(Math.round(lcp));
    await context.close();
  }
} finally {
  await browser.close();
}

const sorted = [...runs].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(JSON.stringify({ lcpMsMedian: median, lcpMsRuns: runs, budgetMs: BUDGET_MS }));
process.exitCode = median < BUDGET_MS ? 0 : 1;
