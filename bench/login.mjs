// Password logins per second against bare argon2id verifications per second on this machine
// (ARCHITECTURE §5 budget: logins/s ≥ 75% of argon2 verifies/s). bench/perf.mjs takes the same figure
// among the others; this is the login alone.
// Usage: start the server with TRUST_PROXY=true (bench/login-run.sh does), then:
//   node bench/login.mjs [baseUrl] [seconds]
// It signs in as the demo administrator (DATA_DIR/demo-login.json). Both rates are taken at saturation
// (8 in flight: with fewer, a login's database round trips make it a latency test), by turns of a
// second each (measure.mjs `byTurns`).
import { readFileSync } from 'node:fs';
import { loginsAgainstArgon2 } from './measure.mjs';

const base = process.argv[2] ?? 'http://localhost:8080';
const seconds = Number(process.argv[3] ?? 10);
const demo = JSON.parse(readFileSync(`${process.env.DATA_DIR ?? './data'}/demo-login.json`, 'utf8'));

const { ratio, loginsPerSecond, argon2VerifiesPerSecond, loadGeneratorCpuMsPerLogin } =
  await loginsAgainstArgon2(base, demo, seconds);
console.log(`argon2id verifies/s: ${argon2VerifiesPerSecond}`);
console.log(`load generator CPU a login: ${loadGeneratorCpuMsPerLogin} ms`);
console.log(`logins/s: ${loginsPerSecond} (${(ratio * 100).toFixed(0)}% of argon2 verifies/s; budget ≥ 75%)`);
