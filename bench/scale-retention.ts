// The audit retention's run as the housekeeping job makes it (deleteExpiredEvents) on DATABASE_URL,
// for bench/scale.mjs; prints one JSON line: how many events it deleted and how long it took.
import { performance } from 'node:perf_hooks';
import { openPostgres } from '../apps/api/src/db/postgres.js';
import { deleteExpiredEvents } from '../apps/api/src/modules/audit/audit-chain.js';

const { database } = openPostgres(process.env.DATABASE_URL!, { max: 2 });
try {
  const started = performance.now();
  const deleted = await deleteExpiredEvents(database);
  console.log(JSON.stringify({ deleted, ms: Math.round(performance.now() - started) }));
} finally {
  await database.close();
}
