// Soak at a fixed rate: signed-in reads (GET /api/v1/auth/session and the users list, taking turns)
// sent at --rate requests/s for --duration seconds whatever the answers' pace (an open loop), with the
// server's resident memory (VmRSS of SERVER_PID) read every 5 s to show whether it stays flat. No
// request may fail. Requests that would have gone past --max-in-flight are not sent, and counted.
// Usage: bench/soak-run.sh [postgres] [--rate=200] [--duration=300] [--max-in-flight=256]
import { performance } from 'node:perf_hooks';
import {
  call,
  finish,
  parseFlags,
  parseSeconds,
  progress,
  round1,
  rssMb,
  signIn,
  sleep,
  target,
} from './fault-lib.mjs';
import { percentileOf } from './measure.mjs';

const flags = parseFlags({ rate: 200, duration: '300', 'max-in-flight': 256 });
const seconds = parseSeconds(flags.duration);
const pid = Number(process.env.SERVER_PID);
const cookie = await signIn();
const paths = ['/api/v1/auth/session', '/api/v1/users?limit=10'];

const rss = [{ second: 0, mb: rssMb(pid) }];
const latencies = [];
/** The seconds of the run in which a request started that took over 250 ms. */
const slowSeconds = new Set();
const errors = {};
let sent = 0;
let skipped = 0;
let inFlight = 0;
const pending = new Set();

const started = performance.now();
let nextSample = 5;
while (performance.now() - started < seconds * 1000) {
  const elapsed = (performance.now() - started) / 1000;
  const due = Math.floor(elapsed * flags.rate) - sent - skipped;
  for (let i = 0; i < due; i++) {
    if (inFlight >= flags['max-in-flight']) {
      skipped += 1;
      continue;
    }
    const path = paths[sent % paths.length];
    const second = Math.floor(elapsed);
    sent += 1;
    inFlight += 1;
    const request = call(path, { cookie }).then((res) => {
      inFlight -= 1;
      pending.delete(request);
      if (res.ms > 250) slowSeconds.add(second);
      if (res.status === 200) latencies.push(res.ms);
      else {
        const key = res.status ? String(res.status) : res.failure;
        errors[key] = (errors[key] ?? 0) + 1;
      }
    });
    pending.add(request);
  }
  if (elapsed >= nextSample) {
    rss.push({ second: nextSample, mb: rssMb(pid) });
    if (nextSample % 30 === 0) progress(`${nextSample} s: ${sent} sent, RSS ${rss.at(-1).mb} MB`);
    nextSample += 5;
  }
  await sleep(5);
}
await Promise.all(pending);
rss.push({ second: round1((performance.now() - started) / 1000), mb: rssMb(pid) });

latencies.sort((a, b) => a - b);
const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
// After the first tenth of the run (at least 10 s): caches and pools warmed, JIT done.
const warm = rss.find((sample) => sample.second >= Math.max(10, seconds / 10)) ?? rss.at(-1);
finish(
  {
    command: 'soak',
    database: target.database,
    ratePerSecond: flags.rate,
    durationSeconds: seconds,
    requests: sent,
    achievedPerSecond: round1(sent / seconds),
    skipped,
    errors: errorCount,
    errorsBy: errors,
    p50Ms: round1(percentileOf(latencies, 50)),
    p99Ms: round1(percentileOf(latencies, 99)),
    maxMs: round1(latencies.at(-1) ?? 0),
    over250MsInSeconds: [...slowSeconds].sort((a, b) => a - b),
    rssMb: {
      start: rss[0].mb,
      warm: warm.mb,
      end: rss.at(-1).mb,
      max: Math.max(...rss.map((sample) => sample.mb ?? 0)),
    },
  },
  errorCount === 0 && skipped === 0,
);
