import type { Database } from '../../db/client.js';
import { checkSecretsKeys, recordKeyCheck, SecretsKeyError, wrongKeyMessage } from './key-check.js';
import { type ResealLog, resealLegacySecrets } from './reseal.js';
import type { SecretBox } from './secrets.js';

/** What the step reports when a command runs it: lines of its output. */
const printed: ResealLog = {
  info: (details, message) => process.stdout.write(`${message} ${JSON.stringify(details)}\n`),
  warn: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
};

/**
 * The secrets' part of `migrate` (node dist/migrate.js, and a start with MIGRATE_ON_START): refuses a
 * wrong key before anything is written, records the key check on a database that has none, and
 * re-seals values of the older form. Everything it writes is of a form the previous release opens
 * (v2): `migrate` runs while that release still serves.
 */
export async function migrateSecrets(
  database: Database,
  secrets: SecretBox,
  log: ResealLog = printed,
): Promise<void> {
  const check = await checkSecretsKeys(database, secrets);
  if (check.verdict === 'wrong') throw new SecretsKeyError(wrongKeyMessage(secrets, check));
  if (check.verdict !== 'opens') await recordKeyCheck(database, secrets);
  await resealLegacySecrets(database, secrets, log);
}

/**
 * A server's start: the same refusal of a wrong key, and nothing written (a server of a new release
 * starts beside the previous one's, which must go on reading every stored value).
 */
export async function verifySecretsKeys(
  database: Database,
  secrets: SecretBox,
  log: ResealLog = printed,
): Promise<void> {
  const check = await checkSecretsKeys(database, secrets);
  if (check.verdict === 'wrong') throw new SecretsKeyError(wrongKeyMessage(secrets, check));
  if (check.verdict === 'stale') {
    log.warn(
      { keys: secrets.keys },
      'the key check does not open with the configured keys, but stored secrets do: `migrate` seals it anew',
    );
  }
}
