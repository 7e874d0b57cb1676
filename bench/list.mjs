// The users list on a tenant with 100,000 users: p95 latency with 10 requests in flight
// (ARCHITECTURE §5 budget: < 20 ms). Usage: bench/list-run.sh (it seeds the users and starts the server).
import { readFileSync } from 'node:fs';

const base = process.argv[2] ?? 'http://127.0.0.1:8177';
const seconds = Number(process.argv[3] ?? 10);
const demo = JSON.parse(readFileSync(`${process.env.DATA_DIR}/demo-login.json`, 'utf8'));

const login = await fetch(`${base}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'skyvault-console' },
  body: JSON.stringify({ email: demo.email, tenantName: demo.tenantName, password: demo.password }),
});
if (login.status !== 200) throw new Error(`login answered ${login.status}`);
const cookie = login.headers.get('set-cookie').split(';')[0];

async function measure(name, pathFor) {
  const times = [];
  let n = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(`${base}${pathFor(n++)}`, { headers: { cookie } });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(body)}`);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(
    `${name.padEnd(28)} ${String(times.length).padStart(6)} requests  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`,
  );
}

await measure('first page', () => '/api/v1/users?limit=10&offset=0');
await measure('deep page', (i) => `/api/v1/users?limit=10&offset=${(i * 7919) % 99_990}`);
await measure(
  'search (name or e-mail)',
  (i) => `/api/v1/users?limit=10&offset=0&searchText=user${(i * 31) % 9999}`,
);
