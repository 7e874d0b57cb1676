import type { Database } from '../db/client.js';
import {
  DEFAULT_ACTIVATION_DELAY_MS,
  listSigningKeys,
  RETIRED_KEY_RETENTION_MS,
  rotateSigningKeys,
} from '../modules/oauth/index.js';
import type { SecretBox } from '../platform/secrets/secrets.js';

export const OAUTH_KEYS_USAGE = `  oauth-keys list                           the authorization server's signing keys
  oauth-keys rotate                         a new signing key, published at once; it signs after
                                            OAUTH_KEY_ACTIVATION_DELAY, when the current one retires (still
                                            published for ${RETIRED_KEY_RETENTION_MS / 86_400_000} days). No restart needed`;

const day = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

/** A key's state at `now`: waiting for its activation, signing (or about to retire), or retired. */
function stateOf(key: { activatesAt: Date; retiredAt: Date | null }, now: Date): string {
  if (key.activatesAt > now) return `published, signs from ${day(key.activatesAt)}`;
  if (!key.retiredAt) return 'active';
  if (key.retiredAt > now) return `active, retires ${day(key.retiredAt)}`;
  return `retired ${day(key.retiredAt)}`;
}

/**
 * `oauth-keys list|rotate`: the operators' hands on the signing keys of the authorization server.
 * Answers null for an unknown subcommand, so that the caller prints the usage.
 */
export async function runOAuthKeys(
  subcommand: string | undefined,
  deps: { database: Database; secrets: SecretBox; keyActivationDelayMs?: number },
  print: (line: string) => void,
): Promise<number | null> {
  switch (subcommand) {
    case 'list': {
      const keys = await listSigningKeys(deps.database);
      if (keys.length === 0) print('No signing keys yet: the server creates one at its first start.');
      const now = new Date();
      for (const key of keys) {
        print(`${key.kid}  ${key.alg}  created ${day(key.createdAt)}  ${stateOf(key, now)}`);
      }
      return 0;
    }
    case 'rotate': {
      const activationDelayMs = deps.keyActivationDelayMs ?? DEFAULT_ACTIVATION_DELAY_MS;
      const { created, retired, deleted } = await rotateSigningKeys(deps.database, deps.secrets, {
        activationDelayMs,
      });
      print(
        `New signing key ${created.kid} (${created.alg}); ${retired} retiring, ${deleted} past retention deleted.`,
      );
      print(
        `Every server publishes it within OAUTH_KEY_REFRESH and signs with it from ${day(created.activatesAt)} UTC; no restart needed.`,
      );
      return 0;
    }
    default:
      return null;
  }
}
