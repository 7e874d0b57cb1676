import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';
import { isMissingTable, SEALED_COLUMNS } from './sealed-columns.js';
import { namedKeys } from './sealed-value-error.js';
import type { SealedAt, SecretBox } from './secrets.js';

/**
 * The key check (migration 0032): one row, a known text sealed with the key that seals this
 * database's secrets, and that key's fingerprint. `migrate` writes it (on a database that has none,
 * with the key that opens what is stored), `secrets reencrypt` seals it anew once every value is
 * re-encrypted; servers only read it. It lets a start tell a wrong SECRETS_KEY (a restore with
 * another key, a key retired too early) in one line, instead of failing request after request.
 */
const CHECK_AT: SealedAt = {
  scope: 'platform:secrets-key-check',
  table: 'secrets_key_check',
  id: '1',
  field: 'sealed',
};
const CHECK_TEXT = 'skyvault secrets key check';
/** Stored values tried per sealed column when the check row alone does not settle it. */
const SAMPLE_PER_COLUMN = 3;

/**
 * What a start finds: the check opens; there is none yet (a database of an older release, or a new
 * one) or it does not open while stored secrets do (a rotation finished by a release that kept no
 * check), which `migrate` records anew; or the configured keys open neither: a wrong key.
 */
export type KeyCheck =
  | { verdict: 'opens' | 'unrecorded' | 'stale' }
  | { verdict: 'wrong'; sealedWith: string | null; sampled: number };

export class SecretsKeyError extends Error {
  override name = 'SecretsKeyError';
}

interface CheckRow {
  key_fingerprint: string;
  sealed: string;
}

async function readCheck(database: Database): Promise<CheckRow | null> {
  try {
    const result = await database.system((tx) =>
      tx.execute(sql`select key_fingerprint, sealed from secrets_key_check where id = 1`),
    );
    return rowsOf<CheckRow>(result)[0] ?? null;
  } catch (error) {
    // A database before migration 0032 (a server refuses one lacking migrations; tests may not).
    if (isMissingTable(error)) return null;
    throw error;
  }
}

const opens = (secrets: SecretBox, at: SealedAt, sealed: string, expected?: string) => {
  try {
    const text = secrets.open(at, sealed);
    return expected === undefined || text === expected;
  } catch {
    return false;
  }
};

/** A few stored values of each sealed column, and where each is bound. */
async function sampleSealedValues(database: Database) {
  const sample: { at: SealedAt; value: string }[] = [];
  for (const column of SEALED_COLUMNS) {
    const rows = await database
      .system((tx) =>
        tx
          .select({ key: column.key, tenantId: column.tenant ?? column.key, value: column.column })
          .from(column.table)
          .where(isNotNull(column.column))
          .limit(SAMPLE_PER_COLUMN),
      )
      .catch((error: unknown) => {
        if (isMissingTable(error)) return [];
        throw error;
      });
    for (const row of rows) {
      const tenantId = column.tenant ? (row.tenantId as string | null) : null;
      sample.push({ at: column.at(tenantId, String(row.key)), value: String(row.value) });
    }
  }
  return sample;
}

/** Whether the configured keys open this database's secrets (read only: servers run it at start). */
export async function checkSecretsKeys(database: Database, secrets: SecretBox): Promise<KeyCheck> {
  const check = await readCheck(database);
  if (check && opens(secrets, CHECK_AT, check.sealed, CHECK_TEXT)) return { verdict: 'opens' };
  const sample = await sampleSealedValues(database);
  if (sample.some(({ at, value }) => opens(secrets, at, value)) || (!check && sample.length === 0)) {
    return { verdict: check ? 'stale' : 'unrecorded' };
  }
  return { verdict: 'wrong', sealedWith: check?.key_fingerprint ?? null, sampled: sample.length };
}

/** The one line a start that meets a wrong key stops with. */
export function wrongKeyMessage(secrets: SecretBox, check: Extract<KeyCheck, { verdict: 'wrong' }>): string {
  const sealedWith = check.sealedWith
    ? `this database's secrets were sealed with key ${check.sealedWith}`
    : `none of the ${check.sampled} stored secrets tried opens`;
  return `The configured secrets keys do not open this database (${namedKeys(secrets.keys).join(', ')}): ${sealedWith}. Set SECRETS_KEY to the key this database was sealed with (after a restore: the key of its backup).`;
}

/** Seals the check anew with SECRETS_KEY: `migrate` on a database without one, `secrets reencrypt` once done. */
export async function recordKeyCheck(database: Database, secrets: SecretBox): Promise<void> {
  const fingerprint = secrets.keys[0]!.fingerprint;
  const sealed = secrets.seal(CHECK_AT, CHECK_TEXT);
  await database.system((tx) =>
    tx.execute(sql`
      insert into secrets_key_check (id, key_fingerprint, sealed) values (1, ${fingerprint}, ${sealed})
      on conflict (id) do update set key_fingerprint = excluded.key_fingerprint, sealed = excluded.sealed,
        sealed_at = now()`),
  );
}
