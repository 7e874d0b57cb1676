// What the fault and soak commands (bench/fault-*.mjs, bench/soak.mjs) share: their flags, the built
// server started and stopped from Node (so that a command can kill and restart it), calls to the API
// with the demo administrator's session, the writers that create groups, and the check that every
// acknowledged group is there. Progress goes to stderr: stdout carries only the one JSON line.
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const progress = (line) => process.stderr.write(`${line}\n`);
export const round1 = (n) => Math.round(n * 10) / 10;

/**
 * `record(name, value, budget, extra)` for a figure and its budget (`{ atLeast }` or `{ atMost }`): kept
 * in `figures` with whether it is met (`ok`), and told on stderr.
 */
export const recordFigure =
  (figures) =>
  (name, value, budget, extra = {}) => {
    const ok =
      value !== null && (budget.atLeast !== undefined ? value >= budget.atLeast : value <= budget.atMost);
    figures[name] = { value, ...budget, ok, ...extra };
    progress(
      `${name}: ${value} (${budget.atLeast !== undefined ? '≥' : '≤'} ${budget.atLeast ?? budget.atMost}) ${ok ? 'ok' : 'MISSED'}`,
    );
  };

/**
 * `--name=value` and bare `--name` (true) flags over `defaults`; a number default makes the value a
 * number. An unknown flag stops the command with the list of known ones.
 */
export function parseFlags(defaults, argv = process.argv.slice(2)) {
  const flags = { ...defaults };
  for (const arg of argv) {
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/.exec(arg);
    const name = match?.[1];
    if (!name || !(name in defaults)) {
      const known = Object.entries(defaults).map(([key, value]) => `--${key}=${value}`);
      process.stderr.write(`unknown argument ${arg}; known: ${known.join(' ')}\n`);
      process.exit(2);
    }
    const value = match[2] ?? 'true';
    flags[name] = typeof defaults[name] === 'number' ? Number(value) : value;
  }
  return flags;
}

/** `90`, `90s`, `2m` or `1.5m` as seconds. */
export function parseSeconds(value) {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m)?$/.exec(String(value).trim());
  if (!match) throw new Error(`not a duration: ${value} (say 90, 90s or 2m)`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

/** Where the runner's bench/server.sh put the server: its data dir, database and port. */
export const target = {
  dataDir: process.env.DATA_DIR ?? './data',
  database: process.env.DATABASE_URL ? 'postgres' : 'embedded',
  base: `http://127.0.0.1:${process.env.PORT ?? 8177}`,
};

export const readDemoLogin = () => JSON.parse(readFileSync(`${target.dataDir}/demo-login.json`, 'utf8'));

/** The resident memory of a process in MB (VmRSS), null once it is gone. */
export function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? round1(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the built server as bench/server.sh's start_server does (its environment: DATA_DIR,
 * DATABASE_URL, PORT, SECRETS_KEY, plus `env`), its output appended to DATA_DIR/server.log, and waits
 * until /readyz answers. `exited` settles with the exit code or signal; `warnings` keeps its warn/error lines.
 */
export async function startServer(env = {}) {
  const logFile = `${target.dataDir}/server.log`;
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const warnings = [];
  let output = '';
  const take = (chunk) => {
    const text = chunk.toString('utf8');
    appendFileSync(logFile, text);
    for (const line of text.split('\n')) if (/"level":(40|50|60)/.test(line)) warnings.push(line);
    if (output.length < 20_000) output += text;
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  // Ready once /readyz answers 200: its start line is an info record, below LOG_LEVEL=warn.
  let ended = null;
  exited.then((result) => {
    ended = result;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (ended)
      throw new Error(
        `the server stopped (${ended.code ?? ended.signal}) before it was ready: ${output.slice(-1500)}`,
      );
    if (Date.now() > deadline) throw new Error('the server was not ready within 120 s');
    const ready = await fetch(`${target.base}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    await sleep(250);
  }
  return {
    pid: child.pid,
    exited,
    warnings,
    kill: (signal) => child.kill(signal),
    /** SIGTERM and its exit (a SIGKILL after `ms`). */
    async stop(ms = 30_000) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** What a fetch that got no HTTP answer ran into. */
function failureOf(error) {
  if (error?.name === 'TimeoutError') return 'timeout';
  const code = error?.cause?.code ?? error?.code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED')
    return 'reset';
  return 'other';
}

/**
 * One API call. Answers `{ status, body, retryAfter, ms, at }`, or `{ status: 0, failure, message, ms,
 * at }` when no HTTP answer came (refused, reset, timeout, other); `at` is when it ended
 * (performance.now()). State-changing calls carry the CSRF header.
 */
export async function call(path, { method = 'GET', body, cookie, headers = {}, timeoutMs = 30_000 } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${target.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-requested-with': 'skyvault-console' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    const at = performance.now();
    return {
      status: res.status,
      body: json,
      retryAfter: res.headers.get('retry-after'),
      setCookie: res.headers.getSetCookie(),
      ms: at - started,
      at,
    };
  } catch (error) {
    const at = performance.now();
    const cause = error?.cause?.message ?? error?.cause?.code ?? '';
    return {
      status: 0,
      failure: failureOf(error),
      message: `${error?.message} ${cause}`.trim(),
      ms: at - started,
      at,
    };
  }
}

/** Signs in as the demo administrator; answers the session's cookie header. */
export async function signIn(demo = readDemoLogin()) {
  for (let attempt = 1; ; attempt++) {
    const res = await call('/api/v1/auth/login', {
      method: 'POST',
      body: { email: demo.email, tenantName: demo.tenantName, password: demo.password },
    });
    if (res.status === 200) return res.setCookie.map((c) => c.split(';')[0]).join('; ');
    if (attempt >= 5)
      throw new Error(`login answered ${res.status || res.failure}: ${JSON.stringify(res.body)}`);
    await sleep(1000);
  }
}

/** A role for the groups the writers create (a group needs one). */
export async function createRole(cookie) {
  const res = await call('/api/v1/roles', {
    method: 'POST',
    cookie,
    body: { name: `Fault bench ${Date.now()}`, description: 'Groups written under faults' },
  });
  if (res.status !== 201) throw new Error(`creating a role answered ${res.status || res.failure}`);
  return res.body.id;
}

/** Counts of answers by status and of calls without an answer by failure. */
export function createTally() {
  const tally = { requests: 0, answered: 0, byStatus: {}, failures: {} };
  return {
    tally,
    add(res) {
      tally.requests += 1;
      if (res.status) {
        tally.answered += 1;
        tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
      } else tally.failures[res.failure] = (tally.failures[res.failure] ?? 0) + 1;
    },
  };
}

/**
 * `count` writers, each creating groups one after the other (POST /api/v1/groups) until `stop()`
 * (checked before each request) or until their own `until(res)` says so. Every answer goes to
 * `onResult(res, name)` (the group's name); every 2xx group id is added to `acknowledged`. A writer that got no 2xx
 * waits `pauseMs` before the next request, so that a quick error does not spin.
 */
export function runWriters({
  count,
  cookie,
  roleId,
  tag,
  stop,
  until = () => false,
  onResult,
  acknowledged,
  pauseMs = 50,
}) {
  return Promise.all(
    Array.from({ length: count }, async (_, writer) => {
      for (let n = 0; !stop(); n++) {
        const name = `${tag} w${writer} n${n}`;
        const res = await call('/api/v1/groups', { method: 'POST', cookie, body: { name, roleId } });
        onResult(res, name);
        if (res.status >= 200 && res.status < 300) acknowledged.push(res.body.id);
        else if (pauseMs) await sleep(pauseMs);
        if (until(res)) return;
      }
    }),
  );
}

/**
 * Reads back every id (GET /api/v1/groups/:id, 8 at a time); answers the ids that are missing (404)
 * and those that could not be checked (any other answer after 5 tries).
 */
export async function findMissingGroups(cookie, ids) {
  const missing = [];
  const unchecked = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        for (let attempt = 1; ; attempt++) {
          const res = await call(`/api/v1/groups/${id}`, { cookie });
          if (res.status === 200) break;
          if (res.status === 404) {
            missing.push(id);
            break;
          }
          if (attempt >= 5) {
            unchecked.push({ id, status: res.status || res.failure });
            break;
          }
          await sleep(500);
        }
      }
    }),
  );
  return { missing, unchecked };
}

/** Which of these group names exist (the list searched by each name). */
export async function existingGroupNames(cookie, names) {
  const found = [];
  for (const name of names) {
    const res = await call(`/api/v1/groups?limit=100&searchText=${encodeURIComponent(name)}`, { cookie });
    if (res.body?.groups?.some((group) => group.name === name)) found.push(name);
  }
  return found;
}

/** Runs a command; answers its exit code and output (never throws). */
export function run(file, args) {
  return new Promise((resolve) => {
    execFile(file, args, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code ?? 1) : 0, output: `${stdout}${stderr}`.trim() }),
    );
  });
}

/** Prints the command's one JSON line and exits 0 when `ok`, 1 otherwise. */
export function finish(result, ok) {
  process.stdout.write(`${JSON.stringify({ ...result, ok })}\n`);
  process.exit(ok ? 0 : 1);
}
