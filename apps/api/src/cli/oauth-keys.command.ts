import type { Database } from '../db/client.js';
import type { SecretBox } from '../lib/secrets.js';
import {
  listSigningKeys,
  RETIRED_KEY_RETENTION_MS,
  rotateSigningKeys,
} from '../modules/oauth/signing-keys.js';

export const OAUTH_KEYS_USAGE = `  oauth-keys list                           the authorization server's signing keys
  oauth-keys rotate                         a new signing key; the current one is retired (still published
                                            for ${RETIRED_KEY_RETENTION_MS / 86_400_000} days). Servers sign with it from their next start`;

const day = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

/**
 * `oauth-keys list|rotate`: the operators' hands on the signing keys of the authorization server.
 * Answers null for an unknown subcommand, so that the caller prints the usage.
 */
export async function runOAuthKeys(
  subcommand: string | undefined,
  deps: { database: Database; secrets: SecretBox },
  print: (line: string) => void,
): Promise<number | null> {
  switch (subcommand) {
    case 'list': {
      const keys = await listSigningKeys(deps.database);
      if (keys.length === 0) print('No signing keys yet: the server creates one at its first start.');
      for (const key of keys) {
        const state = key.retiredAt ? `retired ${day(key.retiredAt)}` : 'active';
        print(`${key.kid}  ${key.alg}  created ${day(key.createdAt)}  ${state}`);
      }
      return 0;
    }
    case 'rotate': {
      const { created, retired, deleted } = await rotateSigningKeys(deps.database, deps.secrets);
      print(
        `New signing key ${created.kid} (${created.alg}); ${retired} retired, ${deleted} past retention deleted.`,
      );
      print('Restart the API processes: each signs with the new key from its next start.');
      return 0;
    }
    default:
      return null;
  }
}
