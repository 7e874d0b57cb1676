// The load loop the performance commands share: `inFlight` callers, each calling `task` again as soon
// as its last call ended, for `seconds`; what it answers is the rate and the latency percentiles. A
// task that throws stops the measurement with its error: a budget met with failed requests means nothing.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { leanClient } from './lean-client.mjs';

export function percentileOf(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round1 = (n) => (n === null ? null : Math.round(n * 10) / 10);

/** `{ count, perSecond, p50Ms, p95Ms, p97_5Ms }` of `task` run `inFlight` at a time for `seconds`. */
export async function measure({ seconds, inFlight, task }) {
  const times = [];
  let n = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async (_, caller) => {
      while (performance.now() < until) {
        const before = performance.now();
        await task(n++, caller);
        times.push(performance.now() - before);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    count: times.length,
    perSecond: round1(times.length / elapsed),
    p50Ms: round1(percentileOf(times, 50)),
    p95Ms: round1(percentileOf(times, 95)),
    p97_5Ms: round1(percentileOf(times, 97.5)),
  };
}

/**
 * The load generator's HTTP client: node:http on kept-alive connections. It costs the machine a
 * quarter of what fetch does per request (0.13 against 0.5 ms of CPU on the 2-core machine), and the
 * load generator shares the cores with the server it measures: what it spends, the server cannot.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request; answers `{ status, headers, body }` with the body read to its end. */
export function send(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A GET that must answer 200; its body is read (a client reads what it asked for) and answered. */
export async function getOk(url, headers = {}) {
  const res = await send(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body}`);
  return res.body;
}

/** Signs in with a password; answers the session cookie pair. */
export async function passwordLogin(base, { email, tenantName, password }, headers = {}) {
  const res = await send(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'skyvault-console', ...headers },
    body: JSON.stringify({ email, tenantName, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body}`);
  return (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

/**
 * The steady rate of `task`, `inFlight` at a time, over `seconds` after `settle` seconds: only the
 * calls that end within that window count, so neither the ramp up nor the calls still in flight at
 * its end (the drain) weigh on the figure.
 */
async function steadyRate({ seconds, settle, inFlight, task }) {
  const from = performance.now() + settle * 1000;
  const until = from + seconds * 1000;
  const cpuBefore = process.cpuUsage();
  let n = 0;
  let count = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async (_, caller) => {
      while (performance.now() < until) {
        await task(n++, caller);
        const ended = performance.now();
        if (ended >= from && ended <= until) count++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { count, calls: n, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * Rates of several tasks measured by turns: `slice` seconds of each in turn until each had `seconds`.
 * A figure that compares two rates (logins against argon2id verifications) must not compare two
 * moments: on a shared host the machine's speed drifts by a tenth within a minute, and two
 * back-to-back runs of ten seconds carried that drift into the ratio (0.67 to 0.80 on one build).
 * Answers `{ [name]: { count, perSecond, cpuMsPerCall } }`, the last this process's own CPU a call.
 */
export async function byTurns({ seconds, slice = 2, settle = 0.3, inFlight, tasks }) {
  const totals = Object.fromEntries(
    Object.keys(tasks).map((name) => [name, { count: 0, calls: 0, cpuMs: 0 }]),
  );
  const turns = Math.max(1, Math.round(seconds / slice));
  for (let turn = 0; turn < turns; turn++) {
    for (const [name, task] of Object.entries(tasks)) {
      const rate = await steadyRate({ seconds: seconds / turns, settle, inFlight, task });
      for (const key of ['count', 'calls', 'cpuMs']) totals[name][key] += rate[key];
    }
  }
  return Object.fromEntries(
    Object.entries(totals).map(([name, { count, calls, cpuMs }]) => [
      name,
      { count, perSecond: round1(count / seconds), cpuMsPerCall: Math.round((cpuMs / calls) * 100) / 100 },
    ]),
  );
}

/**
 * Password logins per second against bare argon2id verifications per second with the API's parameters
 * (lib/passwords.ts), by turns, 8 in flight each: both at saturation. The logins go through the lean
 * client (lean-client.mjs), whose own CPU a login is answered too. Each login comes from its own
 * forwarded address so that the per-address abuse limit does not count them (the server runs with
 * TRUST_PROXY=true).
 */
export async function loginsAgainstArgon2(base, demo, seconds) {
  const { Algorithm, hash, verify } = await import('@node-rs/argon2');
  const options = { algorithm: Algorithm.Argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };
  const stored = await hash(demo.password, options);
  const client = leanClient(base);
  const body = JSON.stringify({ email: demo.email, tenantName: demo.tenantName, password: demo.password });
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'skyvault-console' };
  // A returning user's browser: it carries the cookie that the console's first sign-in in it set, so
  // these are usual sign-ins, not each one an unusual sign-in's alert and e-mail (docs/sign-in-alerts.md).
  const first = await client.post(0, '/api/v1/auth/login', headers, body);
  const known = /set-cookie: (skyvault_known=[^;\r\n]+)/i.exec(first.head)?.[1];
  if (first.status !== 200 || !known) throw new Error(`the first login answered ${first.status}`);
  const login = async (n, caller) => {
    const headers = {
      'content-type': 'application/json',
      'x-requested-with': 'skyvault-console',
      'x-forwarded-for': `2001:db8::${(n % 65535).toString(16)}`,
      cookie: known,
    };
    const res = await client.post(caller, '/api/v1/auth/login', headers, body);
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body}`);
  };
  try {
    const { verifies, logins } = await byTurns({
      seconds,
      inFlight: 8,
      tasks: { verifies: () => verify(stored, demo.password), logins: login },
    });
    return {
      ratio: Math.round((logins.perSecond / verifies.perSecond) * 1000) / 1000,
      loginsPerSecond: logins.perSecond,
      argon2VerifiesPerSecond: verifies.perSecond,
      loadGeneratorCpuMsPerLogin: logins.cpuMsPerCall,
    };
  } finally {
    client.close();
  }
}
