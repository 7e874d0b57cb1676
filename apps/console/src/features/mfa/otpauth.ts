/**
 * The base32 secret inside an otpauth:// link (`otpauth://totp/Skyvault:ada@example.com?secret=…`),
 * for people who type it into their authenticator app instead of scanning the QR code.
 */
export function otpSecret(otpPathUrl: string): string | undefined {
  try {
    return new URL(otpPathUrl).searchParams.get('secret') || undefined;
  } catch {
    return undefined;
  }
}

/** 'JBSW Y3DP EHPK 3PXP': groups of four are easier to read and type; the apps ignore the spaces. */
export const groupSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
