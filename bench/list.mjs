// The users list on a tenant with 100,000 users: p50 and p97.5 latency with 10 requests in flight
// (budget < 20 ms on PostgreSQL). bench/perf.mjs takes the same figures among the others.
// Usage: bench/list-run.sh (it seeds the users and starts the server).
import { readFileSync } from 'node:fs';
import { getOk, measure, passwordLogin } from './measure.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8177';
const seconds = Number(process.argv[3] ?? 10);
const demo = JSON.parse(readFileSync(`${process.env.DATA_DIR}/demo-login.json`, 'utf8'));
const cookie = await passwordLogin(base, demo);

async function report(name, pathFor) {
  const { count, p50Ms, p97_5Ms } = await measure({
    seconds,
    inFlight: 10,
    task: (n) => getOk(`${base}${pathFor(n)}`, { cookie }),
  });
  console.log(
    `${name.padEnd(28)} ${String(count).padStart(6)} requests  p50 ${p50Ms} ms  p97.5 ${p97_5Ms} ms`,
  );
}

await report('first page', () => '/api/v1/users?limit=10&offset=0');
const cursors = [];
for (let n = 0; n < 200; n++) {
  const body = await getOk(`${base}/api/v1/users?limit=10&offset=${(n * 7919) % 99_990}`, { cookie });
  cursors.push(JSON.parse(body).next);
}
await report('deep page by key (after)', (i) => `/api/v1/users?limit=10&after=${cursors[i % 200]}`);
await report('deep page by offset', (i) => `/api/v1/users?limit=10&offset=${(i * 7919) % 99_990}`);
await report(
  'search (name or e-mail)',
  (i) => `/api/v1/users?limit=10&offset=0&searchText=user${(i * 31) % 9999}`,
);
