// Password logins per second against bare argon2id verifications per second on this machine
// (ARCHITECTURE §5 budget: logins/s ≥ 75% of argon2 verifies/s). bench/perf.mjs takes the same figure
// among the others; this is the login alone.
// Usage: start the server with TRUST_PROXY=true (bench/login-run.sh does), then:
//   node bench/login.mjs [baseUrl] [seconds] [inFlight]
// It signs in as the demo administrator (DATA_DIR/demo-login.json). Both rates are taken at saturation
// (8 in flight by default): with fewer, a login's database round trips make it a latency test.
import { readFileSync } from 'node:fs';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { measure, passwordLogin } from './measure.mjs';

const base = process.argv[2] ?? 'http://localhost:8080';
const seconds = Number(process.argv[3] ?? 10);
const inFlight = Number(process.argv[4] ?? 8);
const demo = JSON.parse(readFileSync(`${process.env.DATA_DIR ?? './data'}/demo-login.json`, 'utf8'));
// The API's parameters (lib/passwords.ts).
const options = { algorithm: Algorithm.Argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

const stored = await hash(demo.password, options);
const verifies = await measure({ seconds, inFlight, task: () => verify(stored, demo.password) });
console.log(`argon2id verifies/s: ${verifies.perSecond}`);

// Each login comes from its own address so that the per-IP abuse limit does not count them.
const logins = await measure({
  seconds,
  inFlight,
  task: (n) => passwordLogin(base, demo, { 'x-forwarded-for': `2001:db8::${(n % 65535).toString(16)}` }),
});
console.log(
  `logins/s: ${logins.perSecond} (${((logins.perSecond / verifies.perSecond) * 100).toFixed(0)}% of argon2 verifies/s; budget ≥ 75%)`,
);
