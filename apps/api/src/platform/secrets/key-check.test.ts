import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { openAsPreviousRelease } from '../../../test/previous-release/secrets-reader.js';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { checkSecretsKeys, SecretsKeyError } from './key-check.js';
import { RESEAL_BATCH, reencryptSecrets } from './reseal.js';
import { sealedAt } from './sealed-at.js';
import { createSecretBox, keyFingerprint, type SecretBox } from './secrets.js';
import { migrateSecrets, verifySecretsKeys } from './secrets-step.js';

const quiet = { info: () => {}, warn: () => {} };

describe('the secrets key check at start', () => {
  let database: Database;
  const a = randomBytes(32);
  const b = randomBytes(32);
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Queued e-mails of no tenant, sealed by `box`: a cheap table to fill with sealed values. */
  const queueMail = async (box: SecretBox, count: number) => {
    const rows = Array.from({ length: count }, () => {
      const id = randomUUID();
      return {
        id,
        kind: 'email' as const,
        recipient: 'a@example.com',
        body: box.seal(sealedAt.outboxBody(null, id), '{}'),
      };
    });
    await database.system((tx) => tx.insert(outboxMessages).values(rows));
  };
  const storedMail = () =>
    database.system((tx) =>
      tx.select({ id: outboxMessages.id, body: outboxMessages.body }).from(outboxMessages),
    );

  it('starts on an empty database, and `migrate` records the key there', async () => {
    expect(await checkSecretsKeys(database, createSecretBox(a))).toEqual({ verdict: 'unrecorded' });
    await verifySecretsKeys(database, createSecretBox(a), quiet);
    await migrateSecrets(database, createSecretBox(a), quiet);
    expect(await checkSecretsKeys(database, createSecretBox(a))).toEqual({ verdict: 'opens' });
    const [row] = (
      (await database.system((tx) =>
        tx.execute(sql`select key_fingerprint from secrets_key_check`),
      )) as unknown as {
        rows: { key_fingerprint: string }[];
      }
    ).rows;
    expect(row!.key_fingerprint).toBe(keyFingerprint(a));
  });

  it('refuses another key in one line naming the configured keys and the one that sealed the data', async () => {
    await queueMail(createSecretBox(a), 2);
    const wrong = createSecretBox(b);
    const expected = `The configured secrets keys do not open this database (SECRETS_KEY ${keyFingerprint(b)}): this database's secrets were sealed with key ${keyFingerprint(a)}. Set SECRETS_KEY to the key this database was sealed with (after a restore: the key of its backup).`;
    await expect(verifySecretsKeys(database, wrong, quiet)).rejects.toThrow(new SecretsKeyError(expected));
    await expect(migrateSecrets(database, wrong, quiet)).rejects.toThrow(expected);
    expect(expected).not.toContain(a.toString('base64'));
    // The key before a rotation, still configured, opens it.
    expect(await checkSecretsKeys(database, createSecretBox(b, a))).toEqual({ verdict: 'opens' });
    expect(await checkSecretsKeys(database, createSecretBox(b, undefined, a))).toEqual({ verdict: 'opens' });
  });

  it('re-encrypts in batches, resumably, beside another run, and then seals the key check with the new key', async () => {
    await queueMail(createSecretBox(a), RESEAL_BATCH * 2 + 5);
    const rotated = createSecretBox(b, a);
    const total = (await storedMail()).length;
    // Two runs at once (two operators, or a run started again): every value is sealed anew once.
    const runs = await Promise.all([
      reencryptSecrets(database, rotated, quiet),
      reencryptSecrets(database, rotated, quiet),
    ]);
    expect(runs[0]!.resealed + runs[1]!.resealed).toBe(total);
    expect(runs.map((r) => r.unopened)).toEqual([0, 0]);
    const onlyB = createSecretBox(b);
    for (const { id, body } of await storedMail()) {
      expect(onlyB.isCurrent(sealedAt.outboxBody(null, id), body)).toBe(true);
      // What it wrote, the previous release opens too.
      expect(openAsPreviousRelease(b, sealedAt.outboxBody(null, id), body)).toBe('{}');
    }
    expect(await reencryptSecrets(database, rotated, quiet)).toEqual({ resealed: 0, unopened: 0 });
    // The key before the rotation may go: the check now opens with the new key alone.
    expect(await checkSecretsKeys(database, onlyB)).toEqual({ verdict: 'opens' });
    await expect(verifySecretsKeys(database, createSecretBox(a), quiet)).rejects.toThrow(SecretsKeyError);
  });

  it('takes a check that a release without it left behind for stale when stored secrets open, and `migrate` renews it', async () => {
    const c = randomBytes(32);
    // A rotation to c that an earlier release finished: it re-encrypted the values, not the check.
    await reencryptSecrets(database, createSecretBox(c, b), quiet);
    await database.system((tx) =>
      tx.execute(
        sql`update secrets_key_check set sealed = ${createSecretBox(b).seal(sealedAt.signingKey('x'), 'x')}`,
      ),
    );
    expect(await checkSecretsKeys(database, createSecretBox(c))).toEqual({ verdict: 'stale' });
    await verifySecretsKeys(database, createSecretBox(c), quiet);
    await migrateSecrets(database, createSecretBox(c), quiet);
    expect(await checkSecretsKeys(database, createSecretBox(c))).toEqual({ verdict: 'opens' });
  });

  it('without a check, refuses a key that opens none of the stored secrets', async () => {
    await database.system((tx) => tx.execute(sql`delete from secrets_key_check`));
    expect(await checkSecretsKeys(database, createSecretBox(a))).toMatchObject({
      verdict: 'wrong',
      sealedWith: null,
    });
    await expect(verifySecretsKeys(database, createSecretBox(a), quiet)).rejects.toThrow(
      /none of the \d+ stored secrets tried opens/,
    );
  });
});
