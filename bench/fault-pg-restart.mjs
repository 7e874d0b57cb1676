// PostgreSQL restarted under load: writers create groups and readers read the session and the groups
// list while the machine's PostgreSQL cluster restarts (pg_ctlcluster … restart). While the database
// is away the API must answer 503 DATABASE_UNAVAILABLE with Retry-After, never 500; it must serve
// again by itself once the database is back; and every acknowledged write must be there.
// The cluster is the machine's own, shared with everything else on it: the command refuses to run
// without --yes-restart-postgres.
// Usage: bench/fault-pg-restart-run.sh --yes-restart-postgres [--writers=4] [--readers=4] [--before=5] [--after=10]
//   [--service-wait=120] (how long the API may take to serve again once the database answers)
import { existsSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  call,
  createRole,
  createTally,
  findMissingGroups,
  finish,
  parseFlags,
  progress,
  round1,
  run,
  runWriters,
  signIn,
  sleep,
} from './fault-lib.mjs';

const flags = parseFlags({
  'yes-restart-postgres': false,
  writers: 4,
  readers: 4,
  before: 5,
  after: 10,
  'service-wait': 120,
});
if (flags['yes-restart-postgres'] !== 'true') {
  process.stderr.write(
    'This restarts the machine’s PostgreSQL cluster, under everything that uses it. Run it only when that is\n' +
      'agreed, with --yes-restart-postgres.\n',
  );
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  process.stderr.write('DATABASE_URL is not set: run it through bench/fault-pg-restart-run.sh.\n');
  process.exit(2);
}

const cookie = await signIn();
const roleId = await createRole(cookie);
const { tally, add } = createTally();
let unavailable = 0;
let unavailableWithoutRetryAfter = 0;
const otherAnswers = {};
const serverErrors = [];
/** The end of every successful call and of every failed one (performance.now()). */
const successes = [];
const failures = [];

function record(res, what) {
  add(res);
  const ok = res.status >= 200 && res.status < 300;
  (ok ? successes : failures).push(res.at);
  if (ok) return;
  if (res.status === 503 && res.body?.code === 'DATABASE_UNAVAILABLE') {
    unavailable += 1;
    if (!res.retryAfter) unavailableWithoutRetryAfter += 1;
  } else {
    const key = res.status ? `${res.status} ${res.body?.code ?? ''}`.trim() : res.failure;
    otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
  }
  if (res.status >= 500 && res.status !== 503)
    serverErrors.push({ what, status: res.status, body: res.body });
}

let stopped = false;
const acknowledged = [];
const writing = runWriters({
  count: flags.writers,
  cookie,
  roleId,
  tag: `Restart ${Date.now().toString(36)}`,
  stop: () => stopped,
  onResult: (res) => record(res, 'write'),
  acknowledged,
});
const reading = Promise.all(
  Array.from({ length: flags.readers }, async (_, reader) => {
    for (let n = 0; !stopped; n++) {
      const path = (n + reader) % 2 ? '/api/v1/groups?limit=10' : '/api/v1/auth/session';
      const res = await call(path, { cookie });
      record(res, `GET ${path}`);
      if (res.status !== 200) await sleep(50);
    }
  }),
);

await sleep(flags.before * 1000);
const version = readdirSync('/etc/postgresql')[0];
const restartAt = performance.now();
progress(`restarting PostgreSQL ${version}`);
const restart = await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
const restartedAt = performance.now();
// The database is back when it answers a query.
let backAt = null;
while (backAt === null && performance.now() - restartedAt < 120_000) {
  const probe = await run('psql', [process.env.DATABASE_URL, '-qAtc', 'select 1']);
  if (probe.code === 0) backAt = performance.now();
  else await sleep(100);
}
// Service is back at the first successful call that ended after the database came back.
let serviceAt = null;
while (serviceAt === null && backAt !== null && performance.now() - backAt < flags['service-wait'] * 1000) {
  serviceAt = successes.find((at) => at > backAt) ?? null;
  if (serviceAt === null) await sleep(50);
}
await sleep(flags.after * 1000);
stopped = true;
await Promise.all([writing, reading]);
const endAt = performance.now();

/**
 * A server that never served again (its process gone) cannot be asked what it kept: the database is,
 * as its superuser (row-level security does not apply), in chunks that fit a command line.
 */
async function findMissingInDatabase(ids) {
  const found = new Set();
  const unchecked = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const sql = `select id from groups where id = any('{${chunk.join(',')}}'::uuid[])`;
    const res = await run('psql', [process.env.DATABASE_URL, '-qAtc', sql]);
    if (res.code === 0) for (const id of res.output.split('\n')) found.add(id.trim());
    else unchecked.push(...chunk);
  }
  return { missing: ids.filter((id) => !found.has(id) && !unchecked.includes(id)), unchecked };
}
// Whether the server process outlived the restart (SERVER_PID, from the runner).
const serverAlive = process.env.SERVER_PID ? existsSync(`/proc/${process.env.SERVER_PID}`) : null;
const checkedIn = serviceAt === null ? 'database' : 'api';
const check =
  serviceAt === null
    ? await findMissingInDatabase(acknowledged)
    : await findMissingGroups(cookie, acknowledged);
const lastFailureAt = failures.length ? Math.max(...failures) : null;
const seconds = (from, to) => (from === null || to === null ? null : round1((to - from) / 1000));
const errors500 = serverErrors.length;
finish(
  {
    command: 'fault-pg-restart',
    database: 'postgres',
    writers: flags.writers,
    readers: flags.readers,
    beforeSeconds: flags.before,
    afterSeconds: flags.after,
    restartExit: restart.code,
    serverAlive,
    restartSeconds: seconds(restartAt, restartedAt),
    databaseBackSeconds: seconds(restartAt, backAt),
    serviceBackAfterDatabaseSeconds: seconds(backAt, serviceAt),
    lastFailureAfterDatabaseSeconds: lastFailureAt && backAt ? seconds(backAt, lastFailureAt) : null,
    runSeconds: seconds(restartAt - flags.before * 1000, endAt),
    requests: tally.requests,
    answered: tally.answered,
    answeredByStatus: tally.byStatus,
    failures: tally.failures,
    unavailable503: unavailable,
    unavailable503WithoutRetryAfter: unavailableWithoutRetryAfter,
    otherAnswers,
    errors500,
    errors500Sample: serverErrors.slice(0, 3),
    acknowledged: acknowledged.length,
    checkedIn,
    lost: check.missing.length,
    lostIds: check.missing.slice(0, 10),
    unchecked: check.unchecked.length,
  },
  restart.code === 0 &&
    serviceAt !== null &&
    errors500 === 0 &&
    unavailableWithoutRetryAfter === 0 &&
    check.missing.length === 0 &&
    check.unchecked.length === 0,
);
