import { WEBHOOK_MESSAGES } from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import {
  maskWebhookUrl,
  newWebhookSecret,
  sealedPreviousWebhookSecret,
  sealedWebhookSecret,
} from '../../platform/webhook-outbox/index.js';
import * as repo from './webhooks.repository.js';

/** How long the secret before a rotation keeps signing beside the new one. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Rotates an endpoint's signing secret: a new one signs from now on, and the current one becomes the
 * previous, signing beside it (both signatures in `webhook-signature`) for 24 hours, so that a receiver
 * switches to the new secret without missing a delivery. A second rotation within the 24 hours drops
 * the oldest: two secrets sign at most. The new secret is answered once; the trail says it changed.
 */
export async function rotateSigningSecret(
  deps: { database: Database; secrets: SecretBox; now: () => number },
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<{ row: repo.WebhookRow; secret: string }> {
  const { database, secrets } = deps;
  const { tenantId } = actor;
  const secret = newWebhookSecret();
  const row = await database.tenant(tenantId, async (tx) => {
    const before = await repo.lockEndpoint(tenantId, tx, id);
    if (!before) throw notFound(WEBHOOK_MESSAGES.notFound);
    const previous = openOrNull(() => secrets.open(sealedWebhookSecret(tenantId, id), before.secret));
    const expiresAt = new Date(deps.now() + PREVIOUS_SECRET_GRACE_MS);
    const after = await repo.updateEndpoint(tenantId, tx, id, {
      secret: secrets.seal(sealedWebhookSecret(tenantId, id), secret),
      // Sealed again for its own column: a value opens only where it was sealed.
      previousSecret: previous ? secrets.seal(sealedPreviousWebhookSecret(tenantId, id), previous) : null,
      previousSecretExpiresAt: previous ? expiresAt : null,
    });
    await recordAudit(tx, meta, {
      tenantId,
      actorId: actor.userId,
      action: 'rotate-secret',
      targetType: 'webhook',
      targetId: id,
      targetName: maskWebhookUrl(after.url),
      // Sealed values: the trail compares them and shows only that the secret changed.
      before: { secret: before.secret, previousSecretExpiresAt: before.previousSecretExpiresAt },
      after: { secret: after.secret, previousSecretExpiresAt: after.previousSecretExpiresAt },
    });
    return after;
  });
  return { row, secret };
}

/** A secret that no longer opens (a key rotated away) cannot keep signing: the new one alone does. */
function openOrNull(open: () => string): string | null {
  try {
    return open();
  } catch {
    return null;
  }
}
