// The mail server down, then back: while nothing listens on the SMTP port for --outage (seconds, or
// minutes with an m: 20s, 2m), e-mails are triggered through the API (sign-ups with distinct addresses
// every --every-ms, and at the start a login code and a password reset for the demo administrator).
// Then a mail sink listens on the port, and the command waits until every triggered mail arrived.
//
// How long it waits is taken from the outbox's schedule (apps/api/src/platform/outbox): a failed
// send is retried after 10 s, doubling at each attempt up to 30 minutes, each delay ±20 %. A message
// tried for the k-th time after at least 8·(2^(k-1) - 1) s waits at most 12·2^(k-1) s more, so one
// whose last failure fell within an outage of T seconds is tried again at most 1.5·T + 12 s after the
// sink came up (and never later than 36 minutes), plus a poll; 10 s more covers the sends themselves.
// A mail still missing then is lost.
// Usage: bench/fault-smtp-run.sh [postgres] [--outage=60s] [--every-ms=500]
// (the runner starts the server with SMTP_URL=smtp://127.0.0.1:$SMTP_PORT and OUTBOX_POLL_MS=200)
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import {
  call,
  createTally,
  finish,
  parseFlags,
  parseSeconds,
  progress,
  readDemoLogin,
  round1,
  sleep,
  target,
} from './fault-lib.mjs';

const flags = parseFlags({ outage: '60s', 'every-ms': 500 });
const outageSeconds = parseSeconds(flags.outage);
const smtpPort = Number(process.env.SMTP_PORT);
const pollMs = Number(process.env.OUTBOX_POLL_MS ?? 2000);
const waitLimitSeconds = Math.min(1.5 * outageSeconds + 12, 36 * 60) + pollMs / 1000 + 10;

/** Recipients and when each copy arrived (seconds after the sink came up). */
const received = new Map();
let upAt = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      const at = (performance.now() - upAt) / 1000;
      for (const { address } of session.envelope.rcptTo)
        received.set(address, [...(received.get(address) ?? []), at]);
      callback();
    });
  },
});

const demo = readDemoLogin();
const expected = new Map();
const expect = (address) => expected.set(address, (expected.get(address) ?? 0) + 1);
const { tally, add } = createTally();
const run = Date.now().toString(36);
const started = performance.now();

// The demo administrator's login code and password reset: the other two kinds of mail.
const code = await call('/api/v1/verification-codes', { method: 'POST', body: { email: demo.email } });
add(code);
if (code.status === 204) expect(demo.email);
const reset = await call('/api/v1/auth/forgot-password', {
  method: 'PATCH',
  body: { email: demo.email, tenantName: demo.tenantName },
});
add(reset);
if (reset.status === 204) expect(demo.email);

for (let n = 0; performance.now() - started < outageSeconds * 1000; n++) {
  const email = `owner-${run}-${n}@outage.example.com`;
  const res = await call('/api/v1/tenants', {
    method: 'POST',
    body: {
      firstName: 'Outage',
      lastName: 'Bench',
      email,
      password: 'Secret-pass1',
      confirmPassword: 'Secret-pass1',
    },
  });
  add(res);
  if (res.status === 201) expect(email);
  const left = outageSeconds * 1000 - (performance.now() - started);
  await sleep(Math.min(flags['every-ms'], Math.max(0, left)));
}
const triggered = [...expected.values()].reduce((a, b) => a + b, 0);
progress(`${triggered} mails triggered in ${outageSeconds} s with the mail server down; bringing it up`);

await new Promise((resolve) => sink.listen(smtpPort, '127.0.0.1', resolve));
upAt = performance.now();
const arrived = (address) => Math.min(received.get(address)?.length ?? 0, expected.get(address));
const delivered = () => [...expected.keys()].reduce((sum, address) => sum + arrived(address), 0);
while (delivered() < triggered && performance.now() - upAt < waitLimitSeconds * 1000) await sleep(100);
// A moment more for copies sent twice.
await sleep(Math.min(5000, pollMs * 5));
await new Promise((resolve) => sink.close(resolve));

const lostTo = [...expected.keys()].filter((address) => arrived(address) < expected.get(address));
let duplicates = 0;
let lastArrival = 0;
for (const [address, times] of received) {
  duplicates += Math.max(0, times.length - (expected.get(address) ?? 0));
  const wanted = expected.get(address) ?? 0;
  if (wanted > 0) lastArrival = Math.max(lastArrival, times[Math.min(times.length, wanted) - 1]);
}
const lost = triggered - delivered();
finish(
  {
    command: 'fault-smtp',
    database: target.database,
    outageSeconds,
    everyMs: flags['every-ms'],
    outboxPollMs: pollMs,
    requests: tally.requests,
    answeredByStatus: tally.byStatus,
    failures: tally.failures,
    triggered,
    delivered: delivered(),
    duplicates,
    lost,
    lostTo: lostTo.slice(0, 10),
    drainedSeconds: lost === 0 ? round1(lastArrival) : null,
    waitLimitSeconds: round1(waitLimitSeconds),
  },
  lost === 0,
);
