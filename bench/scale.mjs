// The figures of the platform at scale (bench/scale-run.sh builds the data set first): the audit log
// of the 5-million-event tenant (first page, each filter alone and together, deep cursors, the CSV
// export of a month), the retention's daily delete with a writer beside it, and today's session, list,
// login and token budgets with this data in the database, the connection scheduler's hourly pass
// over every connection (bench/scale-scheduler.ts), and the 30-minute soaks (bench/soak-run.sh).
// Prints one JSON line of figures against their budgets; exits 1 when one is missed. Progress goes to
// stderr.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  parseFlags,
  progress,
  readDemoLogin,
  recordFigure,
  rssMb,
  run,
  sleep,
  startServer,
  target,
} from './fault-lib.mjs';
import { getOk, loginsAgainstArgon2, measure, passwordLogin, send } from './measure.mjs';
import { md5Uuid } from './scale-audit.mjs';

const flags = parseFlags({
  seconds: 5,
  'in-flight': 10,
  'login-seconds': 10,
  'skip-retention': false,
  'skip-webhooks': false,
  'skip-scim': false,
  'skip-scheduler': false,
  'skip-soak': false,
  'soak-duration': '30m',
  'audit-only': false,
  // The figures of everything but the trail (a data set seeded with AUDIT=0, bench/scale-run.sh).
  'skip-audit': false,
});
const { seconds } = flags;
const inFlight = flags['in-flight'];
const DAY_MS = 86_400_000;
const figures = {};

const record = recordFigure(figures);

const sql = async (text) => {
  const { code, output } = await run('psql', [process.env.DATABASE_URL, '-Atc', text]);
  if (code !== 0) throw new Error(`psql: ${output}`);
  return output.trim();
};

// The retention is measured below, not run by the server's housekeeping as it starts.
await sql(
  "insert into housekeeping_runs (job, ran_at) values ('audit-retention', now()) on conflict (job) do update set ran_at = now()",
);
const server = await startServer({
  TRUST_PROXY: 'true',
  PUBLIC_URL: target.base,
  OUTBOUND_PRIVATE_NETWORKS: 'true',
});
const demo = readDemoLogin();
const cookie = await passwordLogin(target.base, demo);
const demoTenant = await sql("select id from tenants where name = 'demo'");
const events = Number(
  (await sql(`select seq from audit_chain_heads where tenant_id = '${demoTenant}'`)) || 0,
);
progress(`the demo tenant holds ${events} audit events`);
const get = (path) => getOk(`${target.base}${path}`, { cookie });
const p95Of = async (paths) => {
  await measure({ seconds: 1, inFlight, task: (n) => get(paths(n)) });
  return measure({ seconds, inFlight, task: (n) => get(paths(n)) });
};

// 1. The audit log: the screen's filters alone and combined, a user or a month at a time.
const iso = (ms) => new Date(ms).toISOString();
const now = Date.now();
const actor = (n) => md5Uuid(`${demoTenant}:${((n * 7919) % 100_000) + 1}`);
const email = (n) => `user${((n * 7919) % 100_000) + 1}@t0.example.com`;
const month = (n) => {
  const from = now - (30 + ((n * 37) % 300)) * DAY_MS;
  return `from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(from + 30 * DAY_MS))}`;
};
const day = (n) => {
  const from = now - (1 + ((n * 37) % 360)) * DAY_MS;
  return `from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(from + DAY_MS))}`;
};
const list = '/api/v1/audit-events?limit=50';
const filters = {
  firstPage: () => list,
  actorId: (n) => `${list}&actor=${actor(n)}`,
  actorEmail: (n) => `${list}&actor=${email(n)}`,
  action: (n) =>
    `${list}&action=${['update', 'failed-sign-in', 'health-changed', 'delete', 'sign-out'][n % 5]}`,
  resourceType: (n) =>
    `${list}&resourceType=${['user', 'group', 'connection', 'storage', 'api-token'][n % 5]}`,
  resource: (n) => `${list}&resourceType=user&resourceId=${actor(n)}`,
  outcomeFailure: () => `${list}&outcome=failure`,
  outcomeSuccess: () => `${list}&outcome=success`,
  month: (n) => `${list}&${month(n)}`,
  day: (n) => `${list}&${day(n)}`,
  actionAndOutcome: () => `${list}&action=failed-sign-in&outcome=failure`,
  actorAndMonth: (n) => `${list}&actor=${actor(n)}&${month(n)}`,
  actionAndMonth: (n) => `${list}&action=update&${month(n)}`,
  typeActionAndDay: (n) => `${list}&resourceType=group&action=update&${day(n)}`,
  failuresInADay: (n) => `${list}&outcome=failure&${day(n)}`,
  everything: (n) =>
    `${list}&actor=${actor(n)}&action=sign-in&resourceType=user&resourceId=${actor(n)}&outcome=success&${month(n)}`,
  deepCursor: (n) => `${list}&cursor=${1 + ((n * 104_729) % events)}`,
  deepCursorWithAction: (n) => `${list}&action=update&cursor=${1 + ((n * 104_729) % events)}`,
};
const audit = {};
if (!flags['skip-audit']) {
  for (const [name, paths] of Object.entries(filters)) {
    const m = await p95Of(paths);
    audit[name] = m.p95Ms;
    progress(`audit ${name}: p50 ${m.p50Ms} ms, p95 ${m.p95Ms} ms (${m.count} requests)`);
  }
  const worst = Object.entries(audit).sort((a, b) => b[1] - a[1])[0];
  record('auditListWorstP95Ms', worst[1], { atMost: 50 }, { worst: worst[0], p95Ms: audit });
}

// 2. The CSV export of a month, half a year back: its rate, and the server's memory while it streams.
if (!flags['audit-only'] && !flags['skip-audit']) {
  const from = now - 180 * DAY_MS;
  const path = `/api/v1/audit-events/export?format=csv&from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(from + 30 * DAY_MS))}`;
  const rssBefore = rssMb(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.pid) ?? 0);
  }, 200);
  const started = performance.now();
  const res = await send(`${target.base}${path}`, { headers: { cookie } });
  const secondsTaken = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`the export answered ${res.status}`);
  let rows = -1;
  for (const byte of res.body) if (byte === 10) rows++;
  record(
    'auditExportRowsPerSecond',
    Math.round(rows / secondsTaken),
    { atLeast: 20_000 },
    {
      rows,
      seconds: Math.round(secondsTaken * 10) / 10,
      serverRssMbBefore: rssBefore,
      serverRssMbPeak: rssPeak,
    },
  );
}

// 3. Today's budgets with this data: the signed-in path, the users list at 100,000, logins, tokens.
if (!flags['audit-only']) {
  const session = await p95Of(() => '/api/v1/auth/session');
  // Bare Fastify on the next port, measured right after: the signed-in path's share of its rate.
  const barePort = Number(new URL(target.base).port) + 1;
  const bare = spawn(process.execPath, ['bench/bare-fastify.mjs', String(barePort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => bare.stdout.once('data', resolve));
  const bareUrl = `http://127.0.0.1:${barePort}/api/v1/auth/session`;
  await measure({ seconds: 1, inFlight, task: () => getOk(bareUrl) });
  const bareRate = await measure({ seconds, inFlight, task: () => getOk(bareUrl) });
  bare.kill('SIGTERM');
  record(
    'sessionReadsPerSecondOfBare',
    Math.round((session.perSecond / bareRate.perSecond) * 1000) / 1000,
    {
      atLeast: 0.25,
    },
    {
      sessionReadsPerSecond: session.perSecond,
      bareReadsPerSecond: bareRate.perSecond,
      sessionP95Ms: session.p95Ms,
    },
  );
  const first = await p95Of(() => '/api/v1/users?limit=10&offset=0');
  const search = await p95Of((n) => `/api/v1/users?limit=10&offset=0&searchText=user${(n * 31) % 9999}`);
  record('usersListP95Ms', first.p95Ms, { atMost: 20 });
  record('usersSearchP95Ms', search.p95Ms, { atMost: 30 });
  const logins = await loginsAgainstArgon2(target.base, demo, flags['login-seconds']);
  record(
    'loginsPerArgon2Verify',
    logins.ratio,
    { atLeast: 0.75 },
    { loginsPerSecond: logins.loginsPerSecond },
  );
  const refresh = await run('npx', ['tsx', 'bench/refresh.ts', target.base, String(seconds), '8']);
  const line = refresh.output
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  const grants = line ? JSON.parse(line) : null;
  record('refreshGrantsPerSecond', grants?.refreshGrantsPerSecond ?? null, { atLeast: 240 });
}

// 4. The retention's daily run: the day past 365 days of every tenant, while a writer changes a user of
// the demo tenant (an audit event on its chain) in a loop; its slowest write against its idle p95.
if (!flags['audit-only'] && !flags['skip-audit'] && !flags['skip-retention']) {
  const users = JSON.parse(await get('/api/v1/users?limit=1&offset=0&searchText=user1%40t0.example')).users;
  const userId = users?.[0]?.id;
  let writes = 0;
  const write = async () => {
    const res = await send(`${target.base}/api/v1/users/${userId}`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'skyvault-console' },
      body: JSON.stringify({ firstName: `First${writes++ % 2}` }),
    });
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}: ${res.body}`);
  };
  const idle = await measure({ seconds: 3, inFlight: 1, task: write });
  let slowest = 0;
  let during = 0;
  let deleting = true;
  const writer = (async () => {
    while (deleting) {
      const started = performance.now();
      await write();
      slowest = Math.max(slowest, performance.now() - started);
      during++;
    }
  })();
  const retention = await run('npx', ['tsx', 'bench/scale-retention.ts']);
  deleting = false;
  await writer;
  const line = retention.output.split('\n').find((text) => text.startsWith('{'));
  if (retention.code !== 0 || !line) throw new Error(`the retention failed: ${retention.output}`);
  const { deleted, ms } = JSON.parse(line);
  record(
    'retentionDaySeconds',
    Math.round(ms / 100) / 10,
    { atMost: 10 },
    {
      deleted,
      writerIdleP95Ms: idle.p95Ms,
      writerSlowestDuringMs: Math.round(slowest),
      writesDuring: during,
    },
  );
}

// 5. Webhooks: deliveries a second to a fast local receiver, then one tenant's delivery while another
// has 10,000 queued for a receiver that takes 2 s to answer. The endpoints are seeded ones pointed at
// receivers here (their secrets sealed by bench/scale-seal.ts); the deliveries are inserted as the
// outbox writes them.
if (!flags['audit-only'] && !flags['skip-webhooks']) {
  const received = { fast: 0, slow: 0 };
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/slow') {
        received.slow++;
        setTimeout(() => res.writeHead(204).end(), 2_000);
      } else {
        received.fast++;
        res.writeHead(204).end();
      }
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hooks = `http://127.0.0.1:${receiver.address().port}`;
  const endpointOf = async (n, path) => {
    const tenantId = n === 0 ? demoTenant : md5Uuid(`scale-tenant-${n}`);
    const id = md5Uuid(`endpoint:${n}`);
    const sealed = await run('npx', ['tsx', 'bench/scale-seal.ts', tenantId, id, 'whsec_bench']);
    if (sealed.code !== 0) throw new Error(`sealing failed: ${sealed.output}`);
    await sql(
      `update webhook_endpoints set url = '${hooks}${path}', url_sealed = null, enabled = true, secret = '${sealed.output.split('\n').find((line) => /^v\d+\./.test(line))}' where tenant_id = '${tenantId}' and id = '${id}'`,
    );
    return { tenantId, id };
  };
  const enqueue = (endpoint, count, tag) =>
    sql(
      `insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, payload) select '${endpoint.tenantId}', '${endpoint.id}', '${tag}_' || g, 'user.updated', jsonb_build_object('type', 'user.updated', 'n', g) from generate_series(1, ${count}) g`,
    );
  const ended = (endpoint, tag) =>
    sql(
      `select count(*) filter (where status = 'delivered') || ' ' || count(*) || ' ' || coalesce(round(extract(epoch from max(delivered_at) - min(created_at)) * 1000), 0) from webhook_deliveries where tenant_id = '${endpoint.tenantId}' and event_id like '${tag}\\_%'`,
    ).then((line) => line.split(' ').map(Number));

  // Each run's deliveries by a tag of their own: a run measured again on the same data set counts only its own.
  const runTag = Date.now().toString(36);
  const fast = await endpointOf(2, '/fast');
  const slow = await endpointOf(0, '/slow');
  const other = await endpointOf(1, '/fast');
  const count = 20_000;
  await enqueue(fast, count, `rate${runTag}`);
  const started = performance.now();
  for (;;) {
    const [delivered] = await ended(fast, `rate${runTag}`);
    if (delivered >= count || performance.now() - started > 300_000) break;
    await sleep(250);
  }
  const [delivered, , spanMs] = await ended(fast, `rate${runTag}`);
  record(
    'webhookDeliveriesPerSecond',
    Math.round((delivered / spanMs) * 1000),
    { atLeast: 300 },
    {
      delivered,
      seconds: Math.round(spanMs / 100) / 10,
    },
  );

  await enqueue(slow, 10_000, `queued${runTag}`);
  await sleep(5_000);
  await enqueue(other, 1, `neighbour${runTag}`);
  const waited = performance.now();
  for (;;) {
    const [done] = await ended(other, `neighbour${runTag}`);
    if (done >= 1 || performance.now() - waited > 60_000) break;
    await sleep(50);
  }
  const [, , neighbourMs] = await ended(other, `neighbour${runTag}`);
  record('webhookNeighbourDelayMs', neighbourMs, { atMost: 1_000 }, { slowReceived: received.slow });
  await sql(
    `update webhook_endpoints set enabled = false where tenant_id = '${slow.tenantId}' and id = '${slow.id}'`,
  );
  receiver.close();
}

// 6. SCIM: an identity provider's user creates and filtered look-ups with a SCIM token of the demo tenant.
if (!flags['audit-only'] && !flags['skip-scim']) {
  const created = await send(`${target.base}/api/v1/api-tokens`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'skyvault-console' },
    body: JSON.stringify({
      name: `SCIM bench ${Date.now()}`,
      scope: 'scim',
      expiresAt: iso(now + 30 * DAY_MS),
      password: demo.password,
    }),
  });
  if (created.status !== 201) throw new Error(`the SCIM token: ${created.status} ${created.body}`);
  const bearer = { authorization: `Bearer ${JSON.parse(created.body).token}` };
  const runId = Date.now().toString(36);
  const creates = await measure({
    seconds,
    inFlight,
    task: async (n) => {
      const res = await send(`${target.base}/scim/v2/Users`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/scim+json' },
        body: JSON.stringify({
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: `scim${runId}-${n}@t0.example.com`,
          name: { givenName: `Scim${n}`, familyName: 'Bench' },
          emails: [{ value: `scim${runId}-${n}@t0.example.com`, primary: true }],
          active: true,
        }),
      });
      if (res.status !== 201) throw new Error(`SCIM create answered ${res.status}: ${res.body}`);
    },
  });
  record('scimCreatesPerSecond', creates.perSecond, { atLeast: 100 }, { p95Ms: creates.p95Ms });
  const lookups = await measure({
    seconds,
    inFlight,
    task: async (n) => {
      const userName = `user${((n * 7919) % 100_000) + 1}@t0.example.com`;
      const filter = encodeURIComponent(`userName eq "${userName}"`);
      const res = await send(`${target.base}/scim/v2/Users?filter=${filter}`, { headers: bearer });
      if (res.status !== 200) throw new Error(`SCIM look-up answered ${res.status}: ${res.body}`);
    },
  });
  record('scimLookupsPerSecond', lookups.perSecond, { atLeast: 300 }, { p95Ms: lookups.p95Ms });
}

await server.stop();

/** Runs a bench command whose progress goes to stderr; answers the last JSON line it printed. */
async function lastJsonOf(file, args, env = {}) {
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const line = output
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  if (!line) throw new Error(`${args.join(' ')} printed no figures`);
  return JSON.parse(line);
}

// 7. The connection scheduler's hourly pass over every seeded connection, with two processes of its own
// (bench/scale-scheduler.ts); its figures join these.
const nextPort = Number(new URL(target.base).port) + 1;
if (!flags['audit-only'] && !flags['skip-scheduler']) {
  const scheduler = await lastJsonOf('npx', [
    'tsx',
    'bench/scale-scheduler.ts',
    `--seconds=${Math.max(seconds, 20)}`,
    `--port=${nextPort}`,
  ]);
  Object.assign(figures, scheduler.figures);
}

// 8. The soaks (bench/soak-run.sh): 200 requests/s of the mixed load on a fresh PostgreSQL database,
// then 50/s on a fresh embedded one with its 300 MiB, each --soak-duration long.
if (!flags['audit-only'] && !flags['skip-soak']) {
  const soak = async (name, args, rate, extra, env = {}) => {
    const result = await lastJsonOf(
      'bash',
      ['bench/soak-run.sh', ...args, `--rate=${rate}`, `--duration=${flags['soak-duration']}`, ...extra],
      { BENCH_PORT: String(nextPort + 2), BENCH_DB: 'skyvault_soak', ...env },
    );
    const { errors, skipped, p99Ms, p99MsByWindow, p99Growth, rssMb, rssGrowth, achievedPerSecond } = result;
    figures[name] = {
      value: result.ok,
      budget: 'no error, rate kept, p99 flat (last window within 1.5 × the first warm one), RSS within 10 %',
      ok: result.ok,
      achievedPerSecond,
      errors,
      skipped,
      p99Ms,
      p99MsByWindow,
      p99Growth,
      rssMb,
      rssGrowth,
    };
  };
  await soak('soakPostgres', ['postgres'], 200, []);
  // With the settings the README gives a small machine ("Memory on the embedded database").
  await soak('soakEmbedded', [], 50, ['--rss-budget-mb=300'], {
    MALLOC_MMAP_THRESHOLD_: '131072',
    NODE_OPTIONS: '--max-semi-space-size=4 --max-old-space-size=192',
  });
}

const ok = Object.values(figures).every((figure) => figure.ok);
process.stdout.write(`${JSON.stringify({ events, seconds, inFlight, figures, ok })}\n`);
process.exit(ok ? 0 : 1);
