// The load loop the performance commands share: `inFlight` callers, each calling `task` again as soon
// as its last call ended, for `seconds`; what it answers is the rate and the latency percentiles. A
// task that throws stops the measurement with its error: a budget met with failed requests means nothing.
import { performance } from 'node:perf_hooks';

export function percentileOf(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round1 = (n) => (n === null ? null : Math.round(n * 10) / 10);

/** `{ count, perSecond, p50Ms, p97_5Ms }` of `task` run `inFlight` at a time for `seconds`. */
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
    p97_5Ms: round1(percentileOf(times, 97.5)),
  };
}

/** A GET that must answer 200; its body is read (a client reads what it asked for). */
export async function getOk(url, headers = {}) {
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${Buffer.from(body)}`);
}

/** Signs in with a password; answers the session cookie pair. */
export async function passwordLogin(base, { email, tenantName, password }, headers = {}) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'skyvault-console', ...headers },
    body: JSON.stringify({ email, tenantName, password }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${text}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
