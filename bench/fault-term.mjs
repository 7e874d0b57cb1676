// SIGTERM under load: 8 writers create groups through the API while the server is sent SIGTERM (a
// graceful shutdown, SHUTDOWN_DRAIN_S=1). Each writer goes on until its connection is refused (the
// server no longer listens). After a restart every group acknowledged (2xx) must be there, and no write
// whose connection was reset may have been made (its client cannot tell). Resets are counted and
// reported: a connection the kernel had queued but the server not yet accepted when it stopped listening
// is reset by the kernel, whatever the server does (bench/README.md).
// Usage: bench/fault-term-run.sh [postgres] [--rounds=3] [--writers=8] [--drain-s=1] [--term-after-ms=2000]
import { performance } from 'node:perf_hooks';
import {
  createRole,
  createTally,
  existingGroupNames,
  findMissingGroups,
  finish,
  parseFlags,
  progress,
  round1,
  runWriters,
  signIn,
  sleep,
  startServer,
  target,
} from './fault-lib.mjs';

const flags = parseFlags({ rounds: 3, writers: 8, 'drain-s': 1, 'term-after-ms': 2000 });
const env = { SHUTDOWN_DRAIN_S: String(flags['drain-s']) };
const { tally, add } = createTally();
const failureMessages = {};
let termAt = Number.POSITIVE_INFINITY;
// When the calls without an answer ended, in seconds after the SIGTERM.
const resetSeconds = [];
// Writes whose connection was reset: whether they were made all the same is read back after the restart.
let resetNames = [];
let resetWritten = 0;
const lost = [];
const unchecked = [];
const exits = [];
let acknowledgedTotal = 0;

let server = await startServer(env);
let cookie = await signIn();
const roleId = await createRole(cookie);

for (let round = 1; round <= flags.rounds; round++) {
  const acknowledged = [];
  const writing = runWriters({
    count: flags.writers,
    cookie,
    roleId,
    tag: `Term r${round}`,
    // Each writer goes on until it meets the closed port.
    stop: () => false,
    until: (res) => res.failure === 'refused',
    onResult: (res, name) => {
      add(res);
      if (!res.failure || res.failure === 'refused') return;
      resetNames.push(name);
      failureMessages[res.message] = (failureMessages[res.message] ?? 0) + 1;
      resetSeconds.push(round1((res.at - termAt) / 1000));
    },
    acknowledged,
    pauseMs: 0,
  });
  await sleep(flags['term-after-ms']);
  termAt = performance.now();
  server.kill('SIGTERM');
  const exit = await server.exited;
  exits.push({ ...exit, seconds: round1((performance.now() - termAt) / 1000) });
  // A writer whose last call was answered before the exit finds the port closed on its next one.
  await writing;
  server = await startServer(env);
  cookie = await signIn();
  const check = await findMissingGroups(cookie, acknowledged);
  acknowledgedTotal += acknowledged.length;
  lost.push(...check.missing);
  unchecked.push(...check.unchecked);
  resetWritten += (await existingGroupNames(cookie, resetNames)).length;
  resetNames = [];
  progress(
    `round ${round}: exit ${exit.code ?? exit.signal} after ${exits.at(-1).seconds} s, ${acknowledged.length} acknowledged, ${check.missing.length} missing`,
  );
}
await server.stop();

const { refused = 0, ...broken } = tally.failures;
const resets = Object.values(broken).reduce((a, b) => a + b, 0);
finish(
  {
    command: 'fault-term',
    database: target.database,
    rounds: flags.rounds,
    writers: flags.writers,
    drainSeconds: flags['drain-s'],
    termAfterMs: flags['term-after-ms'],
    requests: tally.requests,
    acknowledged: acknowledgedTotal,
    answered: tally.answered,
    answeredByStatus: tally.byStatus,
    refusedAfterClose: refused,
    resets,
    resetByKind: broken,
    resetMessages: failureMessages,
    resetButWritten: resetWritten,
    resetSecondsAfterTerm: resetSeconds.length ? [Math.min(...resetSeconds), Math.max(...resetSeconds)] : [],
    exits,
    lost: lost.length,
    lostIds: lost.slice(0, 10),
    unchecked: unchecked.length,
  },
  lost.length === 0 && unchecked.length === 0 && resetWritten === 0 && exits.every((e) => e.code === 0),
);
