import { WEBHOOK_MESSAGES } from '@skyvault/contract';
import { invalidField } from '../../lib/errors.js';
import { checkUrlReachable } from '../../platform/outbound/outbound.js';

/**
 * Refuses, when it is saved, an endpoint the dispatcher could never reach: an address (or a name that
 * resolves to one) in a private network, unless this server may reach those. The dispatcher's guarded
 * fetch checks again at each connection (a name may resolve elsewhere later).
 */
export async function checkWebhookUrl(
  value: string,
  policy: { allowPrivateNetworks: boolean },
): Promise<void> {
  try {
    await checkUrlReachable(new URL(value), policy);
  } catch {
    throw invalidField('url', WEBHOOK_MESSAGES.urlNotAllowed);
  }
}
