import { isIP } from 'node:net';
import { MFA_POLICY_MESSAGES, type PasskeySupport } from '@skyvault/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

const BRAND_NAMES = { skyvault: 'Skyvault', flosum: 'Flosum' } as const;

export type RelyingParty = { id: string; origin: string; name: string };

/**
 * The relying party is PUBLIC_URL: its host is the rpID, its origin the only one accepted. Browsers refuse
 * WebAuthn on an IP address, so there is none then.
 */
export function relyingPartyOf(config: Pick<Config, 'publicUrl' | 'brand'>): RelyingParty | null {
  const url = new URL(config.publicUrl);
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return null;
  return { id: url.hostname, origin: url.origin, name: BRAND_NAMES[config.brand] };
}

export const supportOf = (rp: RelyingParty | null): PasskeySupport =>
  rp
    ? { available: true, rpId: rp.id, reason: null }
    : { available: false, rpId: null, reason: MFA_POLICY_MESSAGES.passkeysUnavailableIp };

/** Every passkey call refuses when the console is served from an IP address. */
export function requireRelyingParty(rp: RelyingParty | null): RelyingParty {
  if (!rp) throw new AppError('BAD_REQUEST', MFA_POLICY_MESSAGES.passkeysUnavailableIp);
  return rp;
}
