import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@skyvault/contract';
import { invalidField } from '../../lib/errors.js';
import { addressKind, checkUrlHost, permitted } from '../../platform/outbound/outbound.js';

/**
 * Refuses, when it is saved, an endpoint the dispatcher could never reach: an address (or a name that
 * resolves to one) in a private network, unless this server may reach those. The dispatcher checks again
 * at each connection (a name may resolve elsewhere later). A name that does not resolve now is accepted:
 * it may exist by the time events are sent, and its deliveries then show why they fail.
 */
export async function checkWebhookUrl(
  value: string,
  policy: { allowPrivateNetworks: boolean },
): Promise<void> {
  const url = new URL(value);
  const refused = invalidField('url', WEBHOOK_MESSAGES.urlNotAllowed);
  try {
    checkUrlHost(url, policy);
  } catch {
    throw refused;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || /^localhost\.?$/i.test(host)) return;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return;
  }
  if (addresses.some((a) => !permitted(addressKind(a.address), policy))) throw refused;
}
