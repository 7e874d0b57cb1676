import { domainToASCII } from 'node:url';

/**
 * The domain of an e-mail address in the form domains are stored in: lower case, IDNA (punycode), no
 * trailing dot. Null when the address has no usable domain.
 */
export function domainOfEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  return normalDomain(email.slice(at + 1));
}

/** A domain name as stored, or null when it is not one (domainToASCII answers '' for those). */
export function normalDomain(name: string): string | null {
  const ascii = domainToASCII(name.trim().replace(/\.$/, '').toLowerCase());
  return ascii && ascii.includes('.') ? ascii : null;
}
