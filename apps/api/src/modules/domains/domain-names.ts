import { domainToASCII } from 'node:url';
import { getPublicSuffix } from 'tldts';

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
  return ascii.includes('.') ? ascii : null;
}

/**
 * Whether the name is a public suffix itself (co.uk, github.io): a name under which anyone registers
 * domains of their own, so that no organization owns it. Private suffixes count: a hosting service's
 * customers share it just the same.
 */
export function isPublicSuffix(domain: string): boolean {
  return getPublicSuffix(domain, { allowPrivateDomains: true }) === domain;
}
