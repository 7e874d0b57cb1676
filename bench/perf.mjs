// Every performance figure of the signed-in path, logins, OAuth refresh grants, lists at 100,000 users
// and the console's first load, taken back to back against one build and one database, with a bare
// Fastify baseline in the same run. Prints one JSON line: each figure, its budget and whether it is met
// (`ok`), and exits 1 when any is missed. Run through bench/perf-run.sh, which gives it a fresh data dir
// or database; the build must exist (npm run build). Progress goes to stderr.
import { spawn } from 'node:child_process';
import { parseFlags, progress, readDemoLogin, recordFigure, run, startServer, target } from './fault-lib.mjs';
import { getOk, loginsAgainstArgon2, measure, passwordLogin } from './measure.mjs';

const flags = parseFlags({
  seconds: 10,
  // Logins against argon2id, by turns: each rate gets this long, so that the host's drift averages out.
  'login-seconds': 20,
  'in-flight': 10,
  chains: 8,
  'skip-first-load': false,
});
const { seconds } = flags;
const inFlight = flags['in-flight'];
const postgres = target.database === 'postgres';
const serverEnv = { TRUST_PROXY: 'true', PUBLIC_URL: target.base };
const figures = {};

const record = recordFigure(figures);

/** The bare Fastify baseline on the next port, for as long as `fn` runs. */
async function withBareFastify(fn) {
  const port = Number(new URL(target.base).port) + 1;
  const child = spawn(process.execPath, ['bench/bare-fastify.mjs', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  try {
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
  }
}

/** The last JSON line a command printed. */
async function jsonOf(file, args) {
  const { code, output } = await run(file, args);
  const line = output
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  if (!line)
    throw new Error(`${file} ${args.join(' ')} printed no JSON (exit ${code}): ${output.slice(-800)}`);
  return JSON.parse(line);
}

// 1. A fresh server: the signed-in path against bare Fastify, logins against argon2, refresh grants.
let server = await startServer(serverEnv);
const demo = readDemoLogin();
const cookie = await passwordLogin(target.base, demo);

progress('signed-in path: GET /api/v1/auth/session');
await measure({ seconds: 2, inFlight, task: () => getOk(`${target.base}/api/v1/auth/session`, { cookie }) });
const session = await measure({
  seconds,
  inFlight,
  task: () => getOk(`${target.base}/api/v1/auth/session`, { cookie }),
});
const bare = await withBareFastify(async (bareBase) => {
  await measure({ seconds: 2, inFlight, task: () => getOk(`${bareBase}/api/v1/auth/session`) });
  return measure({ seconds, inFlight, task: () => getOk(`${bareBase}/api/v1/auth/session`) });
});
record(
  'sessionReadsPerSecondOfBare',
  Math.round((session.perSecond / bare.perSecond) * 1000) / 1000,
  {
    atLeast: postgres ? 0.25 : 0.1,
  },
  {
    sessionReadsPerSecond: session.perSecond,
    bareReadsPerSecond: bare.perSecond,
    sessionP50Ms: session.p50Ms,
    bareP50Ms: bare.p50Ms,
  },
);

progress('logins against argon2id verifications, by turns');
const logins = await loginsAgainstArgon2(target.base, demo, flags['login-seconds']);
record(
  'loginsPerArgon2Verify',
  logins.ratio,
  { atLeast: 0.75 },
  {
    loginsPerSecond: logins.loginsPerSecond,
    argon2VerifiesPerSecond: logins.argon2VerifiesPerSecond,
    loadGeneratorCpuMsPerLogin: logins.loadGeneratorCpuMsPerLogin,
  },
);

progress(`OAuth refresh grants, ${flags.chains} rotating chains`);
const refresh = await jsonOf('npx', [
  'tsx',
  'bench/refresh.ts',
  target.base,
  String(seconds),
  String(flags.chains),
]);
record(
  'refreshGrantsPerSecond',
  refresh.refreshGrantsPerSecond,
  { atLeast: 240 },
  { p50Ms: refresh.p50Ms, errors: refresh.errors },
);
await server.stop();

// 2. 100,000 users in the demo tenant, the server started again on them.
progress('seeding 100,000 users');
const seeded = postgres
  ? await run('psql', [process.env.DATABASE_URL, '-q', '-f', 'bench/seed-users.sql'])
  : await run('npx', ['tsx', 'bench/seed-users.ts']);
if (seeded.code !== 0) throw new Error(`seeding failed: ${seeded.output}`);
server = await startServer(serverEnv);
const listCookie = await passwordLogin(target.base, demo);
const list = (path) =>
  measure({ seconds, inFlight, task: (n) => getOk(`${target.base}${path(n)}`, { cookie: listCookie }) });
progress('users list and search at 100,000 users');
await list(() => '/api/v1/users?limit=10&offset=0');
const firstPage = await list(() => '/api/v1/users?limit=10&offset=0');
// The console asks the page after one on screen by key (`after`): 200 pages spread over the list, each
// found once by offset, give the cursors the deep pages are then asked with.
const cursors = [];
for (let n = 0; n < 200; n++) {
  const body = await getOk(`${target.base}/api/v1/users?limit=10&offset=${(n * 7919) % 99_990}`, {
    cookie: listCookie,
  });
  cursors.push(JSON.parse(body).next);
}
const deepPage = await list((n) => `/api/v1/users?limit=10&after=${cursors[n % cursors.length]}`);
// A page opened by a link with a deep offset walks the index up to it: reported, not budgeted.
const deepOffset = await list((n) => `/api/v1/users?limit=10&offset=${(n * 7919) % 99_990}`);
const search = await list((n) => `/api/v1/users?limit=10&offset=0&searchText=user${(n * 31) % 9999}`);
record(
  'usersListP97_5Ms',
  Math.max(firstPage.p97_5Ms, deepPage.p97_5Ms),
  { atMost: 20 },
  {
    firstPageP97_5Ms: firstPage.p97_5Ms,
    deepPageP97_5Ms: deepPage.p97_5Ms,
    deepOffsetP97_5Ms: deepOffset.p97_5Ms,
  },
);
record('usersSearchP97_5Ms', search.p97_5Ms, { atMost: postgres ? 30 : 60 });

// 3. The console's first load, served by this server.
if (!flags['skip-first-load']) {
  progress('login page first load and LCP');
  const bundle = await jsonOf('node', ['bench/bundle-size.mjs', '--json']);
  record('loginFirstLoadBrotliKB', bundle.loginBrotliKB, { atMost: 120 }, { files: bundle.files });
  const lcp = await jsonOf('node', ['bench/lcp.mjs', target.base]);
  record('loginLcpMs', lcp.lcpMsMedian, { atMost: 1000 }, { runs: lcp.lcpMsRuns });
}
await server.stop();

const ok = Object.values(figures).every((figure) => figure.ok);
process.stdout.write(`${JSON.stringify({ database: target.database, seconds, inFlight, figures, ok })}\n`);
process.exit(ok ? 0 : 1);
