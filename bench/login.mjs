// Password logins per second against bare argon2id verifications per second on this machine
// (ARCHITECTURE §5 budget: logins/s ≥ 75% of argon2 verifies/s).
// Usage: start the server (npm start), then: node bench/login.mjs [baseUrl] [seconds] [inFlight]
// It signs in as the demo administrator (data/demo-login.json). Both rates are taken at saturation
// (8 in flight by default): with fewer, a login's database round trips make it a latency test.
import { readFileSync } from 'node:fs';
import { Algorithm, hash, verify } from '@node-rs/argon2';

const base = process.argv[2] ?? 'http://localhost:8080';
const seconds = Number(process.argv[3] ?? 10);
const inFlight = Number(process.argv[4] ?? 8);
const dataDir = process.env.DATA_DIR ?? './data';
const demo = JSON.parse(readFileSync(`${dataDir}/demo-login.json`, 'utf8'));
const options = { algorithm: Algorithm.Argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

async function rate(task, inFlight) {
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < until) {
        await task();
        done++;
      }
    }),
  );
  return done / seconds;
}

const stored = await hash(demo.password, options);
const verifies = await rate(() => verify(stored, demo.password), inFlight);
console.log(`argon2id verifies/s: ${verifies.toFixed(1)}`);

// Each login comes from its own address so that the per-IP abuse limit does not count them
// (the server must run with TRUST_PROXY=true for the header to be honoured).
let n = 0;
const logins = await rate(async () => {
  n++;
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'skyvault-console',
      'x-forwarded-for': `2001:db8::${(n % 65535).toString(16)}`,
    },
    body: JSON.stringify({ email: demo.email, tenantName: demo.tenantName, password: demo.password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}, inFlight);
console.log(
  `logins/s: ${logins.toFixed(1)} (${((logins / verifies) * 100).toFixed(0)}% of argon2 verifies/s; budget ≥ 75%)`,
);
