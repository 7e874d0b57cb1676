import { and, asc, eq, getTableColumns, getTableName, gt, isNotNull, like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { recordKeyCheck } from './key-check.js';
import { isMissingTable, SEALED_COLUMNS, type SealedColumn } from './sealed-columns.js';
import { SealedValueError } from './sealed-value-error.js';
import type { SecretBox } from './secrets.js';

/** Where re-sealing reports: the server's log, or the command line's output. */
export interface ResealLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * Rows read, and re-sealed in one transaction, at a time: memory stays flat on any table, and row
 * locks that a server's write could wait on are held for one short transaction only.
 */
export const RESEAL_BATCH = 200;

/**
 * Rewrites the values sealed before v2 (bound to their tenant only) as v2, bound to their row and
 * column, so that no value stays swappable between rows until its next change. A step of `migrate`
 * (secrets-step.ts), never of a server's start: the v2 form is one that the previous release reads,
 * which is what allows `migrate` to write it while that release still serves. Several processes may
 * run it at once: a row changes only while it still holds the value read. A value that does not
 * open is left as it was and reported.
 */
export async function resealLegacySecrets(
  database: Database,
  secrets: SecretBox,
  log: ResealLog,
): Promise<number> {
  const { resealed } = await reseal(database, secrets, log, 'legacy');
  if (resealed > 0) log.info({ resealed }, 'older sealed secrets bound to their rows');
  return resealed;
}

/**
 * `secrets reencrypt`, phase (c) of a SECRETS_KEY rotation: every value not sealed as v2 with the
 * current key (sealed with SECRETS_KEY_PREVIOUS or SECRETS_KEY_NEXT, or older than v2) is sealed
 * anew, in batches. Safe while servers run and while another run goes on, and resumable: a run
 * stopped half way leaves every value it did not reach as it was, and the next one skips what is
 * done. When every value opened, the key check (key-check.ts) is sealed anew with the current key.
 */
export async function reencryptSecrets(database: Database, secrets: SecretBox, log: ResealLog) {
  const outcome = await reseal(database, secrets, log, 'not-current');
  if (outcome.unopened === 0) await recordKeyCheck(database, secrets);
  return outcome;
}

async function reseal(
  database: Database,
  secrets: SecretBox,
  log: ResealLog,
  which: 'legacy' | 'not-current',
): Promise<{ resealed: number; unopened: number }> {
  const outcome = { resealed: 0, unopened: 0 };
  for (const sealed of SEALED_COLUMNS) {
    let after: string | null = null;
    for (;;) {
      const rows: StoredValue[] = await readBatch(database, sealed, which, after).catch((error: unknown) => {
        if (!isMissingTable(error)) throw error;
        log.warn({ table: getTableName(sealed.table) }, 'a table of sealed values is missing; passed over');
        return [];
      });
      if (rows.length === 0) break;
      after = rows.at(-1)!.key;
      const changes: { key: string; from: string; to: string }[] = [];
      for (const row of rows) {
        const at = sealed.at(row.tenantId, row.key);
        if (which === 'not-current' && secrets.isCurrent(at, row.value)) continue;
        try {
          changes.push({ key: row.key, from: row.value, to: secrets.seal(at, secrets.open(at, row.value)) });
        } catch (error) {
          if (!(error instanceof SealedValueError)) throw error;
          outcome.unopened += 1;
          const { table, column, row: id, tenant, keysTried } = error;
          log.warn({ table, column, id, tenant, keysTried }, 'a sealed value does not open; left as it was');
        }
      }
      outcome.resealed += await writeBatch(database, sealed, changes);
      if (rows.length < RESEAL_BATCH) break;
    }
  }
  return outcome;
}

/** One stored value: its row's key, tenant and the sealed text. */
interface StoredValue {
  key: string;
  tenantId: string | null;
  value: string;
}

/** The next batch of the column's values after `after`, in the order of the row's key. */
async function readBatch(
  database: Database,
  sealed: SealedColumn,
  which: 'legacy' | 'not-current',
  after: string | null,
): Promise<StoredValue[]> {
  const rows = await database.system((tx) =>
    tx
      .select({ key: sealed.key, tenantId: sealed.tenant ?? sealed.key, value: sealed.column })
      .from(sealed.table)
      .where(
        and(
          which === 'legacy' ? like(sealed.column, 'v1.%') : isNotNull(sealed.column),
          after === null ? undefined : gt(sealed.key, after),
        ),
      )
      .orderBy(asc(sealed.key))
      .limit(RESEAL_BATCH),
  );
  return rows.map((row) => ({
    key: String(row.key),
    tenantId: sealed.tenant ? (row.tenantId as string | null) : null,
    value: String(row.value),
  }));
}

/**
 * Writes one batch in one transaction; a row changes only while it still holds the value read (a
 * server may have written it meanwhile, with the current key). Returns how many rows changed.
 */
async function writeBatch(
  database: Database,
  sealed: SealedColumn,
  changes: { key: string; from: string; to: string }[],
): Promise<number> {
  if (changes.length === 0) return 0;
  // update().set() names columns by their property, not their SQL name.
  const property = Object.entries(getTableColumns(sealed.table)).find(([, c]) => c === sealed.column)![0];
  return database.system(async (tx) => {
    let written = 0;
    for (const change of changes) {
      const done = await tx
        .update(sealed.table)
        .set({ [property]: change.to })
        .where(and(eq(sealed.key, change.key), eq(sealed.column, change.from)))
        .returning({ key: sealed.key });
      written += done.length;
    }
    return written;
  });
}
