import { sealedAt } from '../secrets/sealed-at.js';
import type { SecretBox } from '../secrets/secrets.js';

/** Where an endpoint's full URL is sealed: bound to its row and column, like its signing secret. */
export const sealedWebhookUrl = sealedAt.webhookUrl;

/**
 * What is shown of a webhook URL once saved: its scheme and host (with the port), and "/…" in place of
 * anything after them (path, query, fragment, user info), which may carry the receiver's token. A
 * masked URL masks to itself. Applied when answering (API, audit trail, e-mail), not to what is stored.
 */
export function maskWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  const bare =
    (parsed.pathname === '/' || parsed.pathname === '') &&
    !parsed.search &&
    !parsed.hash &&
    !parsed.username &&
    !parsed.password;
  return `${parsed.protocol}//${parsed.host}/${bare ? '' : '…'}`;
}

/** What an endpoint's row holds about its URL. */
export interface StoredUrl {
  tenantId: string;
  id: string;
  url: string;
  urlSealed: string | null;
}

/**
 * The full URL to send to, whichever release wrote the row (docs/webhooks.md, "The endpoint's URL"):
 * - this release writes the full URL into `url` and the same URL sealed into `url_sealed`;
 * - the previous release writes only `url`: `url_sealed` is null (a row it created) or still holds the
 *   URL from before its edit (a row it changed during a rolling upgrade or after a rollback);
 * - the next release will keep only the masked form in `url`, beside the sealed URL.
 * So the sealed URL is used when `url` is that URL or its mask; any other `url` is the newer and is used.
 * Throws when the sealed value does not open (the caller records it as such).
 */
export function endpointTarget(secrets: SecretBox, row: StoredUrl): string {
  if (!row.urlSealed) return row.url;
  const sealed = secrets.open(sealedWebhookUrl(row.tenantId, row.id), row.urlSealed);
  return row.url === sealed || row.url === maskWebhookUrl(sealed) ? sealed : row.url;
}

/**
 * The columns that store a URL typed by an administrator: whole in `url`, as the previous release reads
 * it (so that its processes, during a rolling upgrade or after a rollback, send to it), and sealed in
 * `url_sealed`, which the next release will keep alone.
 */
export const storedUrl = (secrets: SecretBox, tenantId: string, id: string, url: string) => ({
  url,
  urlSealed: secrets.seal(sealedWebhookUrl(tenantId, id), url),
});
