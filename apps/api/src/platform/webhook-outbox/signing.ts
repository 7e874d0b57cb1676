import { createHmac, randomBytes } from 'node:crypto';

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The `webhook-signature` header of the Standard Webhooks specification: `v1,` and the base64
 * HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the base64-decoded part after `whsec_`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The header for every secret that signs now: the current one first, then the previous one while its
 * rotation's grace lasts. Standard Webhooks receivers accept a request when any `v1,` entry matches, so
 * one verifying with either secret accepts it.
 */
export const signatureHeader = (
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
) => secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' ');
