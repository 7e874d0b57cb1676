// The connection scheduler at platform scale (bench/README.md "Platform scale"): one hourly pass over
// every connected connection of the seeded data set (bench/scale.sql: 50,000), with two API processes,
// against the Salesforce stand-in answering every call DELAY_MS (50) late.
//
// Each connection gets a grant of its own at the stand-in (a user in the connection's org, an approval
// and an access token), sealed into its row as the server seals it (SECRETS_KEY, bound to tenant and
// connection), with the stand-in as its instance. Two built servers start with Salesforce configured
// and poll every few seconds; the users list is timed at rest, then every connection is made due at
// once and the list is timed again while the pass runs, and once more at rest after it. Prints one JSON line: how long the pass took
// (budget: within its hour), connections checked twice in it (0), checks that did not find the
// connection Healthy (0), and the list's p95 during the pass against the lower of its two figures at
// rest (within 20 %).
// Usage: DATABASE_URL=… DATA_DIR=<the seed's data dir> SECRETS_KEY=… npx tsx bench/scale-scheduler.ts
//   [--seconds=20] [--in-flight=10] [--delay-ms=50] [--port=8178]
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sealedAt } from '../apps/api/src/platform/secrets/sealed-at.js';
import { openSecretBox } from '../apps/api/src/platform/secrets/secrets.js';
import { LATEST_API_VERSION, startSalesforceStandIn } from '../apps/api/test/salesforce-stand-in.js';
import { parseFlags, progress, recordFigure, sleep } from './fault-lib.mjs';
import { getOk, measure, passwordLogin } from './measure.mjs';

const flags = parseFlags({ seconds: 20, 'in-flight': 10, 'delay-ms': 50, port: 8178, 'timeout-minutes': 75 });
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? './data';
if (!databaseUrl?.startsWith('postgres')) {
  console.error('usage: DATABASE_URL=postgres://… DATA_DIR=… SECRETS_KEY=… npx tsx bench/scale-scheduler.ts');
  process.exit(2);
}
const HOUR_MS = 3_600_000;
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const round1 = (n: number) => Math.round(n * 10) / 10;

// 1. The stand-in, every call DELAY_MS late.
const standIn = await startSalesforceStandIn({ accessTokenTtlMs: 4 * HOUR_MS });
standIn.faults.add({
  on: ['token', 'introspect', 'revoke', 'userinfo', 'identity', 'versions', 'resources', 'limits', 'query'],
  delayMs: flags['delay-ms'],
  times: Number.POSITIVE_INFINITY,
});

// 2. A grant for every connection, sealed into its row; none due yet.
const box = openSecretBox({ secretsKey: process.env.SECRETS_KEY, dataDir });
const { rows: targets } = await db.query<{
  tenant_id: string;
  id: string;
  org_id: string;
  user_id: string;
  username: string;
}>(
  `select tenant_id, id, org_id, salesforce_user_id as user_id, salesforce_username as username
     from connections where status = 'connected' and org_id is not null and salesforce_user_id is not null`,
);
progress(`sealing grants for ${targets.length} connections`);
const sealStarted = performance.now();
for (let from = 0; from < targets.length; from += 5_000) {
  const batch = targets.slice(from, from + 5_000);
  const columns = {
    tenant: [] as string[],
    id: [] as string[],
    access: [] as string[],
    refresh: [] as string[],
  };
  let expiresAt = 0;
  for (const t of batch) {
    const grant = standIn.issueGrant({ orgId: t.org_id, userId: t.user_id, username: t.username });
    expiresAt = grant.expiresAt;
    columns.tenant.push(t.tenant_id);
    columns.id.push(t.id);
    columns.access.push(box.seal(sealedAt.connectionAccessToken(t.tenant_id, t.id), grant.accessToken));
    columns.refresh.push(box.seal(sealedAt.connectionRefreshToken(t.tenant_id, t.id), grant.refreshToken));
  }
  await db.query(
    `update connections c
        set access_token = v.access, refresh_token = v.refresh, access_token_expires_at = $5,
            token_used_at = now(), instance_url = $6, api_version = $7, api_version_checked_at = now(),
            next_check_at = now() + interval '1 day', check_lease_until = null, renewal_lease_until = null,
            check_failures = 0, health_status = 'Healthy', health_reason = null
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) as v(tenant_id, id, access, refresh)
      where c.tenant_id = v.tenant_id and c.id = v.id`,
    [
      columns.tenant,
      columns.id,
      columns.access,
      columns.refresh,
      new Date(expiresAt),
      standIn.url,
      LATEST_API_VERSION,
    ],
  );
}
await db.query('vacuum analyze connections');
progress(`sealed in ${round1((performance.now() - sealStarted) / 1000)} s`);

// 3. Two API processes with Salesforce configured, polling every 2 s.
const ports = [flags.port, flags.port + 1];
const servers: ChildProcess[] = [];
const logFile = `${dataDir}/scheduler-servers.log`;
for (const port of ports) {
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    env: {
      ...process.env,
      ...standIn.env(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      CONNECTION_CHECK_POLL_MS: '2000',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const take = (chunk: Buffer) => appendFileSync(logFile, chunk);
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  servers.push(child);
}
const stop = async () => {
  for (const child of servers) child.kill('SIGTERM');
  await Promise.all(servers.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  await standIn.close();
  await db.end();
};
for (const port of ports) {
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`the server on ${port} was not ready within 120 s`);
    await sleep(250);
  }
}

// 4. The users list at rest, from both processes in turn.
const demo = JSON.parse(readFileSync(`${dataDir}/demo-login.json`, 'utf8'));
const bases = ports.map((port) => `http://127.0.0.1:${port}`);
const cookies = await Promise.all(bases.map((base) => passwordLogin(base, demo)));
const listPage = (n: number) => getOk(`${bases[n % 2]}/api/v1/users?limit=25`, { cookie: cookies[n % 2] });
const timeList = () => measure({ seconds: flags.seconds, inFlight: flags['in-flight'], task: listPage });
await measure({ seconds: 2, inFlight: flags['in-flight'], task: listPage });
const idle = await timeList();
progress(`users list at rest: p50 ${idle.p50Ms} ms, p95 ${idle.p95Ms} ms`);

// 5. Every connection due at once; the list timed while the pass runs.
const { rows: due } = await db.query<{ at: Date; n: number }>(
  `with made as (
     update connections set next_check_at = now() where status = 'connected' and refresh_token is not null
     returning 1)
   select now() as at, (select count(*)::int from made) as n`,
);
const passStart = due[0]!.at;
const total = due[0]!.n;
progress(`${total} connections due`);
const checkedSince = async () =>
  (
    await db.query<{ n: number }>(
      'select count(*)::int as n from connections where status = $1 and checked_at >= $2',
      ['connected', passStart],
    )
  ).rows[0]!.n;
const started = performance.now();
await sleep(10_000);
const busy = await timeList();
const checkedWhileTimed = await checkedSince();
progress(
  `users list during the pass: p50 ${busy.p50Ms} ms, p95 ${busy.p95Ms} ms (${checkedWhileTimed} checked)`,
);
let checked = checkedWhileTimed;
const deadline = started + flags['timeout-minutes'] * 60_000;
while (checked < total && performance.now() < deadline) {
  await sleep(5_000);
  checked = await checkedSince();
  const seconds = (performance.now() - started) / 1000;
  progress(`${checked}/${total} checked in ${Math.round(seconds)} s (${round1(checked / seconds)}/s)`);
}
const passSeconds = Math.round((performance.now() - started) / 1000);
// At rest again: the lower of the two figures at rest is the one the pass is held to.
const after = await timeList();
progress(`users list at rest after the pass: p50 ${after.p50Ms} ms, p95 ${after.p95Ms} ms`);
const rest = after.p95Ms! < idle.p95Ms! ? after : idle;

// 6. What the pass wrote: one scheduled check a connection, every one Healthy.
const twice = (
  await db.query<{ n: number }>(
    `select count(*)::int as n from (
       select 1 from connection_checks where checked_at >= $1 and trigger = 'schedule'
        group by tenant_id, connection_id having count(*) > 1) x`,
    [passStart],
  )
).rows[0]!.n;
const { rows: outcomes } = await db.query<{ status: string; n: number }>(
  'select status, count(*)::int as n from connection_checks where checked_at >= $1 group by status',
  [passStart],
);
const notHealthy = outcomes.filter((o) => o.status !== 'Healthy').reduce((sum, o) => sum + o.n, 0);
await stop();

const figures: Record<string, { ok: boolean }> = {};
const record = recordFigure(figures);
record(
  'schedulerPassSeconds',
  checked === total ? passSeconds : null,
  { atMost: 3600 },
  {
    connections: total,
    checked,
    checksPerSecond: round1(checked / passSeconds),
    salesforceDelayMs: flags['delay-ms'],
    processes: 2,
  },
);
record('schedulerCheckedTwice', twice, { atMost: 0 });
record(
  'schedulerChecksNotHealthy',
  notHealthy,
  { atMost: 0 },
  {
    outcomes: Object.fromEntries(outcomes.map((o) => [o.status, o.n])),
  },
);
record(
  'schedulerListP95OfIdle',
  Math.round((busy.p95Ms! / rest.p95Ms!) * 100) / 100,
  { atMost: 1.2 },
  {
    before: idle,
    after,
    duringPass: { ...busy, checkedWhileTimed },
  },
);
process.stdout.write(`${JSON.stringify({ figures, ok: Object.values(figures).every((f) => f.ok) })}\n`);
