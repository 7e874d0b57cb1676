// SIGKILL during writes: each round, 8 writers create groups through the API, the server is killed
// (SIGKILL) at a random moment, started again on the same database, and every group it acknowledged
// (2xx) is read back. Nothing acknowledged may be missing.
// Usage: bench/fault-kill-run.sh [postgres] [--rounds=20] [--writers=8] [--min-kill-ms=300] [--max-kill-ms=4000]
import {
  createRole,
  createTally,
  findMissingGroups,
  finish,
  parseFlags,
  progress,
  runWriters,
  signIn,
  sleep,
  startServer,
  target,
} from './fault-lib.mjs';

const flags = parseFlags({ rounds: 20, writers: 8, 'min-kill-ms': 300, 'max-kill-ms': 4000 });
const { tally, add } = createTally();
const lost = [];
const unchecked = [];
let acknowledgedTotal = 0;
let restartFailure = null;

let server = await startServer();
let cookie = await signIn();
const roleId = await createRole(cookie);

for (let round = 1; round <= flags.rounds; round++) {
  const acknowledged = [];
  let killed = false;
  const writing = runWriters({
    count: flags.writers,
    cookie,
    roleId,
    tag: `Kill r${round}`,
    stop: () => killed,
    onResult: add,
    acknowledged,
  });
  const killAfter = flags['min-kill-ms'] + Math.random() * (flags['max-kill-ms'] - flags['min-kill-ms']);
  await sleep(killAfter);
  server.kill('SIGKILL');
  await server.exited;
  killed = true;
  await writing;
  try {
    server = await startServer();
  } catch (error) {
    restartFailure = { round, error: error.message };
    break;
  }
  cookie = await signIn();
  const check = await findMissingGroups(cookie, acknowledged);
  acknowledgedTotal += acknowledged.length;
  lost.push(...check.missing);
  unchecked.push(...check.unchecked);
  progress(
    `round ${round}: killed after ${Math.round(killAfter)} ms, ${acknowledged.length} acknowledged, ${check.missing.length} missing`,
  );
}
await server.stop();

const failures = Object.values(tally.failures).reduce((a, b) => a + b, 0);
finish(
  {
    command: 'fault-kill',
    database: target.database,
    rounds: flags.rounds,
    writers: flags.writers,
    killAfterMs: [flags['min-kill-ms'], flags['max-kill-ms']],
    requests: tally.requests,
    acknowledged: acknowledgedTotal,
    answered: tally.answered,
    answeredByStatus: tally.byStatus,
    reset: failures,
    resetByKind: tally.failures,
    lost: lost.length,
    lostIds: lost.slice(0, 10),
    unchecked: unchecked.length,
    restartFailure,
  },
  lost.length === 0 && unchecked.length === 0 && !restartFailure,
);
