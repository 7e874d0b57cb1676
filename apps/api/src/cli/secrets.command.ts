import type { Database } from '../db/client.js';
import { reencryptSecrets } from '../platform/secrets/reseal.js';
import type { SecretBox } from '../platform/secrets/secrets.js';

export const SECRETS_USAGE = `  secrets reencrypt                         phase 3 of a SECRETS_KEY rotation (README): seal every stored secret
                                            with SECRETS_KEY, in batches; safe while servers run, resumable`;

/** `secrets reencrypt`; null for an unknown subcommand, so that the caller prints the usage. */
export async function runSecrets(
  subcommand: string | undefined,
  deps: { database: Database; secrets: SecretBox },
  print: (line: string) => void,
): Promise<number | null> {
  if (subcommand !== 'reencrypt') return null;
  const keys = deps.secrets.keys.map((k) => `${k.role} ${k.fingerprint}`).join(', ');
  print(`Re-encrypting with SECRETS_KEY ${deps.secrets.keys[0]!.fingerprint} (opens with ${keys}).`);
  const { resealed, unopened } = await reencryptSecrets(deps.database, deps.secrets, {
    warn: (details) =>
      print(`Does not open with any configured key, left as it was: ${JSON.stringify(details)}`),
    info: () => {},
  });
  print(`${resealed} sealed value(s) re-encrypted with the current SECRETS_KEY.`);
  if (unopened > 0) {
    print(`${unopened} value(s) did not open: keep every key configured, and run it again once they do.`);
    return 1;
  }
  print('Every stored secret now opens with SECRETS_KEY alone.');
  const roles = deps.secrets.keys.map((k) => k.role);
  // Phase 4 retires the key before the rotation; a next key is still to become SECRETS_KEY (phase 2).
  if (roles.includes('SECRETS_KEY_PREVIOUS'))
    print('SECRETS_KEY_PREVIOUS may now be removed from every process.');
  if (roles.includes('SECRETS_KEY_NEXT'))
    print('SECRETS_KEY_NEXT is set: make it SECRETS_KEY everywhere first (phase 2), then run this again.');
  return 0;
}
