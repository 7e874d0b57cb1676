import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app speaks it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const totpFor = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator reads from the QR code. */
export const otpauthUri = (secret: string, issuer: string, account: string) =>
  totpFor(secret, account, issuer).toString();

/**
 * The time step a code belongs to (the current one, or one step either side for clock drift), or null
 * when the code is wrong or its step was already used: every code is accepted once.
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = Date.now(),
): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}

/** The current code of a secret (tests and the browser tests compute codes the way an app would). */
export const currentCode = (secret: string, now = Date.now()) => totpFor(secret).generate({ timestamp: now });
