import type { Database } from '../db/client.js';
import { reencryptSecrets } from '../platform/secrets/reseal.js';
import type { SecretBox } from '../platform/secrets/secrets.js';

export const SECRETS_USAGE = `  secrets reencrypt                         after a SECRETS_KEY rotation (the old key in SECRETS_KEY_PREVIOUS):
                                            seal every stored secret with SECRETS_KEY; then drop the old key`;

/** `secrets reencrypt`; null for an unknown subcommand, so that the caller prints the usage. */
export async function runSecrets(
  subcommand: string | undefined,
  deps: { database: Database; secrets: SecretBox },
  print: (line: string) => void,
): Promise<number | null> {
  if (subcommand !== 'reencrypt') return null;
  let unopened = 0;
  const resealed = await reencryptSecrets(deps.database, deps.secrets, {
    warn: (details) => {
      unopened += 1;
      print(
        `Does not open with SECRETS_KEY or SECRETS_KEY_PREVIOUS, left as it was: ${JSON.stringify(details)}`,
      );
    },
    info: () => {},
  });
  print(`${resealed} sealed value(s) re-encrypted with the current SECRETS_KEY.`);
  if (unopened > 0) return 1;
  print('Every stored secret now opens with SECRETS_KEY alone: SECRETS_KEY_PREVIOUS may be removed.');
  return 0;
}
