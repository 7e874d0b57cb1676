import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { idParamsSchema, totalList } from './list.js';

/**
 * Verified domains: an e-mail domain an organization proves it owns by publishing a DNS TXT record.
 * Pending until a look-up finds the value; Verified while the record stays (re-checked daily); Lapsed
 * when it stayed missing through the grace period. A domain is Verified by one organization at a time.
 */
export const DOMAIN_STATUSES = ['Pending', 'Verified', 'Lapsed'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/**
 * The TXT record is published on its own name under the domain rather than on the domain itself: the
 * apex's TXT records (SPF, other vendors' proofs) stay untouched, and the name can be a CNAME to
 * wherever the organization keeps such records.
 */
export const DOMAIN_TXT_PREFIX = '_skyvault-verification';
export const DOMAIN_TXT_VALUE_PREFIX = 'skyvault-verification=';
export const domainTxtName = (domain: string) => `${DOMAIN_TXT_PREFIX}.${domain}`;

/**
 * Free e-mail services: anyone can have an address there, so no organization may claim the domain
 * (and with it every sign-up and sign-in of its addresses). Subdomains are refused too.
 */
export const FREE_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'qq.com',
  '163.com',
  'fastmail.com',
  'tutanota.com',
] as const;

export const isFreeMailDomain = (domain: string) =>
  FREE_MAIL_DOMAINS.some((free) => domain === free || domain.endsWith(`.${free}`));

/** node:dns's codes of a look-up that learnt nothing, in plain words. */
const DNS_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'The DNS servers could not be reached.',
  ESERVFAIL: 'The DNS servers answered with a failure (SERVFAIL).',
  EREFUSED: 'The DNS servers refused to answer (REFUSED).',
};

/** What the domain screens and the API say, word for word. */
export const DOMAIN_MESSAGES = {
  screenTitle: 'Domains',
  domainRequired: 'Domain is required',
  domainTooLong: 'Domain cannot exceed 253 characters',
  domainFormat: 'Enter a domain name such as example.com, without https://, a path or an @',
  domainIpAddress: 'Enter a domain name, not an IP address',
  domainFreeMail:
    'This domain belongs to a free e-mail service that no organization owns: enter your organization’s own domain',
  domainPublicSuffix: (domain: string) =>
    `${domain} is a public suffix that many organizations share: enter your organization’s own domain under it, such as example.${domain}`,
  domainAdded: 'This domain has already been added',
  verifiedElsewhere:
    'Another organization has already verified this domain. If yours owns it, remove the record there or contact support.',
  notFound: 'Domain not found.',
  /** What a sign-up with an address on a domain some organization verified is told. */
  signUpOnVerifiedDomain: (domain: string) =>
    `Your organization already uses the console: ${domain} is a verified domain of an existing organization. Ask one of its administrators to invite you.`,
  /** The DNS look-up in plain words. */
  lookup: {
    notFound: (name: string) => `No DNS name ${name} exists yet (NXDOMAIN).`,
    noTxt: (name: string) => `${name} exists but has no TXT record.`,
    otherValues: 'A TXT record was found, but not with the value to publish.',
    timeout: 'The DNS servers did not answer in time. Try again in a few minutes.',
    failed: (code: string) =>
      `${DNS_FAILURES[code] ?? `The DNS look-up failed (${code}).`} Try again in a few minutes.`,
  },
  created: 'Domain was successfully added',
  deleted: 'Domain was successfully deleted',
  verified: 'Domain was successfully verified',
  stillPending: 'The record was not found yet: the domain stays pending',
  deleteConfirm: 'Delete this domain?',
  deleteDetail:
    'Addresses on it are no longer recognized as your organization’s. You can add it again later, with a new record to publish.',
  banner: (names: string[]) =>
    `The verification record of ${names.length === 1 ? 'a domain' : 'domains'} is missing from DNS: ${names.join(', ')}. Publish it again before the domain lapses.`,
} as const;

/**
 * A domain as typed: trimmed, lower case, no trailing dot; international names become their ASCII
 * (punycode) form, as stored and as DNS knows them. Public suffixes (co.uk) are refused by the API,
 * which holds the public suffix list.
 */
export const domainNameRule = z
  .string({ error: DOMAIN_MESSAGES.domainRequired })
  .trim()
  .min(1, { error: DOMAIN_MESSAGES.domainRequired })
  .max(253, { error: DOMAIN_MESSAGES.domainTooLong })
  .transform((raw, ctx) => {
    const problem = domainNameProblem(raw);
    if (typeof problem === 'string') {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return problem.domain;
  });

/** The WHATWG URL of browsers and Node alike (the contract compiles without either's library types). */
declare const URL: new (input: string) => { hostname: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4ISH = /^[0-9.]+$/;

/** Why a typed domain cannot be claimed, or its stored form. */
export function domainNameProblem(raw: string): string | { domain: string } {
  const typed = raw.trim().toLowerCase().replace(/\.$/, '');
  if (typed.includes(':') || typed.startsWith('[')) {
    return /^\[?[0-9a-f:.]+\]?$/.test(typed) ? DOMAIN_MESSAGES.domainIpAddress : DOMAIN_MESSAGES.domainFormat;
  }
  if (/[/@?#\s\\]/.test(typed)) return DOMAIN_MESSAGES.domainFormat;
  if (IPV4ISH.test(typed)) return DOMAIN_MESSAGES.domainIpAddress;
  let ascii: string;
  try {
    // The WHATWG URL parser does the IDNA mapping the same way in browsers and in Node.
    ascii = new URL(`http://${typed}/`).hostname;
  } catch {
    return DOMAIN_MESSAGES.domainFormat;
  }
  if (ascii.length > 253) return DOMAIN_MESSAGES.domainTooLong;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return DOMAIN_MESSAGES.domainFormat;
  // A top-level label of digits only is an address the parser read (0x7f.1 → 127.0.0.1), never a TLD.
  if (/^[0-9]+$/.test(labels.at(-1)!)) return DOMAIN_MESSAGES.domainIpAddress;
  if (isFreeMailDomain(ascii)) return DOMAIN_MESSAGES.domainFreeMail;
  return { domain: ascii };
}

export const domainSchema = z.object({
  id: uuidSchema,
  domain: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  /** The TXT record to publish: its name and its value. */
  txtName: z.string(),
  txtValue: z.string(),
  verifiedAt: isoDateSchema.nullable(),
  /** The last look-up, by Verify or the daily re-check. */
  checkedAt: isoDateSchema.nullable(),
  /** The TXT values that look-up found under txtName. */
  lastFound: z.array(z.string()),
  /** Why it found nothing usable, in plain words (null when it found the value). */
  lastError: z.string().nullable(),
  /** Since when a verified domain's record has been missing; null while it is there. */
  missingSince: isoDateSchema.nullable(),
  /** When a missing record makes the domain lapse, unless it is published again. */
  lapsesAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
});
export type Domain = z.infer<typeof domainSchema>;

export const domainCreateSchema = z.object({ domain: domainNameRule });
export type DomainCreate = z.input<typeof domainCreateSchema>;

export const domainListSchema = totalList('domains', domainSchema);
export type DomainList = z.infer<typeof domainListSchema>;

const tags = ['Domains'];

/** Security → Domains; administrators only, and every change is a signed-in person's. */
export const domainEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/domains',
    access: 'admin',
    permission: 'sign-in:read',
    summary: "The organization's domains, pending, verified and lapsed (not paginated)",
    tags,
    response: domainListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/domains/:id',
    access: 'admin',
    permission: 'sign-in:read',
    summary: 'One domain, with the TXT record to publish and the last look-up',
    tags,
    params: idParamsSchema,
    response: domainSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/domains',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Adds a domain as pending and answers the TXT record to publish',
    tags,
    body: domainCreateSchema,
    response: domainSchema,
    status: 201,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/v1/domains/:id/verify',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary:
      'Looks the TXT record up now: the domain becomes verified when it holds the value, else stays as it is with what was found',
    tags,
    params: idParamsSchema,
    response: domainSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/domains/:id',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Removes a domain; its addresses are no longer recognized as the organization’s',
    tags,
    params: idParamsSchema,
    status: 204,
  }),
} as const;
