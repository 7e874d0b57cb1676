// Soak at a fixed rate: requests sent at --rate per second for --duration whatever the answers' pace
// (an open loop), with the server's resident memory (VmRSS of SERVER_PID) read every 5 s. The mix
// (--mix=mixed, the default) is what a tenant's administrators do all day: of every 50 requests, 44
// signed-in reads (the session, the users list and a search of it, the audit log, the groups list),
// 4 writes (groups created, renamed and deleted in turn, each with its audit event), 1 password
// sign-in from a known browser (each from its own forwarded address: the server runs with
// TRUST_PROXY=true) and 1 sign-out of such a session. --mix=reads sends only the
// session and the users list. No request may fail; requests that would have gone past
// --max-in-flight are not sent, and counted. The p99 is taken per window of --window seconds: flat
// means the last window's p99 within 1.5 times the first warm window's, and the resident memory's
// median of the last window at most 10 % over the first warm window's (a trend, not one 5-second
// sample: a collection's peak comes and goes); --rss-budget-mb caps every sample after the warm-up,
// for the embedded database.
// The rate rises evenly to --rate over the first --ramp seconds (30).
// Usage: bench/soak-run.sh [postgres] [--rate=200] [--duration=30m] [--mix=mixed|reads]
//   [--max-in-flight=256] [--window=300] [--rss-budget-mb=300] [--ramp=30]
import { performance } from 'node:perf_hooks';
import {
  call,
  createRole,
  finish,
  parseFlags,
  parseSeconds,
  progress,
  readDemoLogin,
  round1,
  rssMb,
  signIn,
  sleep,
  target,
} from './fault-lib.mjs';
import { percentileOf } from './measure.mjs';

const flags = parseFlags({
  rate: 200,
  duration: '300',
  mix: 'mixed',
  'max-in-flight': 256,
  window: 300,
  'rss-budget-mb': 0,
  ramp: 30,
});
const seconds = parseSeconds(flags.duration);
const windowSeconds = Math.min(flags.window, seconds);
const pid = Number(process.env.SERVER_PID);
const demo = readDemoLogin();
const cookie = await signIn(demo);
// The console's browser: the cookie that tells a known browser's sign-in from an unusual one.
const known = cookie.split('; ').find((pair) => pair.startsWith('skyvault_known=')) ?? '';

const reads = [
  '/api/v1/auth/session',
  '/api/v1/users?limit=10',
  '/api/v1/audit-events?limit=50',
  '/api/v1/groups?limit=10',
  '/api/v1/users?limit=10&searchText=admin',
];
const roleId = flags.mix === 'mixed' ? await createRole(cookie) : null;
/** Groups the writers made and have not deleted yet, oldest first; sessions the sign-ins opened. */
const groups = [];
const sessions = [];
let writes = 0;
let signIns = 0;

const read = (n) => {
  const path = reads[n % reads.length];
  return { kind: 'read', label: `GET ${path}`, send: () => call(path, { cookie }) };
};
/**
 * A group created, the newest renamed, the oldest deleted, in turn; created while fewer than 8 are
 * left, so that a rename never meets a group whose delete is still in flight.
 */
function write() {
  const turn = writes++ % 3;
  if (turn === 0 || groups.length < 8) {
    const name = `Soak ${Date.now().toString(36)} ${writes}`;
    return {
      kind: 'write',
      label: 'POST /api/v1/groups',
      send: () => call('/api/v1/groups', { method: 'POST', cookie, body: { name, roleId } }),
      answered: (res) => res.status === 201 && groups.push(res.body.id),
    };
  }
  if (turn === 1) {
    const id = groups.at(-1);
    return {
      kind: 'write',
      label: 'PATCH /api/v1/groups/:id',
      send: () =>
        call(`/api/v1/groups/${id}`, { method: 'PATCH', cookie, body: { description: `At ${Date.now()}` } }),
    };
  }
  const id = groups.shift();
  return {
    kind: 'write',
    label: 'DELETE /api/v1/groups/:id',
    send: () => call(`/api/v1/groups/${id}`, { method: 'DELETE', cookie }),
  };
}
function signInRequest() {
  const address = `2001:db8:5::${(signIns++ % 65535).toString(16)}`;
  return {
    kind: 'sign-in',
    label: 'POST /api/v1/auth/login',
    send: () =>
      call('/api/v1/auth/login', {
        method: 'POST',
        body: { email: demo.email, tenantName: demo.tenantName, password: demo.password },
        headers: { cookie: known, 'x-forwarded-for': address },
      }),
    answered: (res) =>
      res.status === 200 && sessions.push(res.setCookie.map((c) => c.split(';')[0]).join('; ')),
  };
}
function signOut(n) {
  const session = sessions.shift();
  if (!session) return read(n);
  return {
    kind: 'sign-out',
    label: 'POST /api/v1/auth/logout',
    send: () => call('/api/v1/auth/logout', { method: 'POST', cookie: session }),
  };
}
/** The n-th request of the mix. */
function next(n) {
  if (flags.mix !== 'mixed') return read(n % 2);
  const slot = n % 50;
  if (slot === 0) return signInRequest();
  if (slot === 25) return signOut(n);
  if (slot % 12 === 6) return write();
  return read(n);
}

const rss = [{ second: 0, mb: rssMb(pid) }];
/** Latencies of answered requests, by window, and by minute and request; counts by kind. */
const windows = [];
const byMinute = [];
const kinds = {};
const errors = {};
let sent = 0;
let skipped = 0;
let inFlight = 0;
const pending = new Set();

const started = performance.now();
let nextSample = 5;
while (performance.now() - started < seconds * 1000) {
  const elapsed = (performance.now() - started) / 1000;
  // The rate rises over the first --ramp seconds, as a day's traffic does: a cold server's JIT and
  // caches warm up under part of it instead of queueing the whole rate behind them.
  const ramp = Math.min(flags.ramp, seconds);
  const due =
    Math.floor(
      elapsed < ramp ? (flags.rate * elapsed * elapsed) / (2 * ramp) : flags.rate * (elapsed - ramp / 2),
    ) -
    sent -
    skipped;
  for (let i = 0; i < due; i++) {
    if (inFlight >= flags['max-in-flight']) {
      skipped += 1;
      continue;
    }
    const request = next(sent);
    const window = Math.floor(elapsed / windowSeconds);
    sent += 1;
    inFlight += 1;
    const done = request.send().then((res) => {
      inFlight -= 1;
      pending.delete(done);
      kinds[request.kind] = (kinds[request.kind] ?? 0) + 1;
      if (res.status >= 200 && res.status < 300) {
        windows[window] ??= [];
        windows[window].push(res.ms);
        const minute = Math.floor(elapsed / 60);
        byMinute[minute] ??= {};
        byMinute[minute][request.label] ??= [];
        byMinute[minute][request.label].push(res.ms);
        request.answered?.(res);
      } else {
        const key = `${request.kind} ${res.status ? String(res.status) : res.failure}`;
        errors[key] = (errors[key] ?? 0) + 1;
      }
    });
    pending.add(done);
  }
  if (elapsed >= nextSample) {
    rss.push({ second: nextSample, mb: rssMb(pid) });
    if (nextSample % 60 === 0) {
      progress(`${nextSample} s: ${sent} sent, RSS ${rss.at(-1).mb} MB`);
      progress(`  p50 ms of the minute: ${JSON.stringify(medianByRequest(byMinute[nextSample / 60 - 1]))}`);
    }
    nextSample += 5;
  }
  await sleep(5);
}
await Promise.all(pending);
rss.push({ second: round1((performance.now() - started) / 1000), mb: rssMb(pid) });

/** Which request grew slower: each one's median, minute by minute. */
function medianByRequest(minute = {}) {
  return Object.fromEntries(
    Object.entries(minute).map(([label, ms]) => [
      label,
      round1(
        percentileOf(
          [...ms].sort((a, b) => a - b),
          50,
        ),
      ),
    ]),
  );
}
const p99ByWindow = windows.map((ms) => {
  const sorted = [...(ms ?? [])].sort((a, b) => a - b);
  return round1(percentileOf(sorted, 99));
});
const all = windows.flat().sort((a, b) => a - b);
const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
// After the first tenth of the run (at least 10 s): caches and pools warmed, JIT done.
const warm = rss.find((sample) => sample.second >= Math.max(10, seconds / 10)) ?? rss.at(-1);
const rssMax = Math.max(...rss.filter((sample) => sample.second >= warm.second).map((s) => s.mb ?? 0));
/** The resident memory's median in each window, as the p99 is taken: what the server holds, not its peaks. */
const rssByWindow = p99ByWindow.map((_, window) => {
  const inWindow = rss
    .filter((sample) => sample.mb !== null && Math.floor(sample.second / windowSeconds) === window)
    .map((sample) => sample.mb)
    .sort((a, b) => a - b);
  return inWindow.length ? round1(percentileOf(inWindow, 50)) : null;
});
// The first window holds the cold start; with one window only, there is nothing to compare.
const warmWindow = (byWindow) => (byWindow.length > 1 ? byWindow[1] : byWindow[0]);
const growth = (byWindow) => Math.round(((byWindow.at(-1) ?? 0) / (warmWindow(byWindow) || 1)) * 1000) / 1000;
const p99Growth = growth(p99ByWindow);
// With one window only, the warm sample against the last one.
const rssGrowth =
  rssByWindow.length > 1 && rssByWindow.every((mb) => mb !== null)
    ? growth(rssByWindow)
    : Math.round(((rss.at(-1).mb ?? 0) / warm.mb) * 1000) / 1000;
const rssBudget = flags['rss-budget-mb'];
finish(
  {
    command: 'soak',
    database: target.database,
    mix: flags.mix,
    ratePerSecond: flags.rate,
    rampSeconds: Math.min(flags.ramp, seconds),
    durationSeconds: seconds,
    requests: sent,
    achievedPerSecond: round1(sent / (seconds - Math.min(flags.ramp, seconds) / 2)),
    byKind: kinds,
    skipped,
    errors: errorCount,
    errorsBy: errors,
    p50Ms: round1(percentileOf(all, 50)),
    p99Ms: round1(percentileOf(all, 99)),
    maxMs: round1(all.at(-1) ?? 0),
    windowSeconds,
    p99MsByWindow: p99ByWindow,
    p99Growth: { value: p99Growth, atMost: 1.5 },
    p50MsByMinute: byMinute.map((minute) => medianByRequest(minute)),
    rssMb: { start: rss[0].mb, warm: warm.mb, end: rss.at(-1).mb, max: rssMax, budget: rssBudget || null },
    rssMbByWindow: rssByWindow,
    rssGrowth: { value: rssGrowth, atMost: 1.1 },
  },
  errorCount === 0 &&
    skipped === 0 &&
    p99Growth <= 1.5 &&
    rssGrowth <= 1.1 &&
    (!rssBudget || rssMax <= rssBudget),
);
