import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';

/**
 * Credentials that expire: an OIDC client secret with the end date the administrator entered, or a SAML
 * signing certificate's notAfter (`credentialsExpireAt` of the provider). The tenant's administrators
 * are e-mailed 30, 7 and 1 days before (once each), the console shows a banner from
 * EXPIRY_BANNER_DAYS on, and the provider's page shows the date and the time left (docs/sso.md).
 */
export const EXPIRY_WARNING_DAYS = [30, 7, 1] as const;
export type ExpiryWarningDays = (typeof EXPIRY_WARNING_DAYS)[number];
/** The banner shows a provider from its first warning on, and after its end until it is renewed. */
export const EXPIRY_BANNER_DAYS = EXPIRY_WARNING_DAYS[0];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `now` to the end, rounded up (0 on the last day's end, negative once over). */
export const daysUntil = (expiresAt: string | Date, now: number = Date.now()) =>
  Math.ceil((new Date(expiresAt).getTime() - now) / DAY_MS);

/** The end date as the form takes it: YYYY-MM-DD, the day the credentials stop working (UTC). */
export const EXPIRY_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const EXPIRY_MESSAGES = {
  dateInvalid: 'Expires on should be a date (YYYY-MM-DD)',
} as const;

/**
 * The form's optional "Expires on": '' or null is none; a date is stored as the start of that day,
 * UTC (the warnings then come a little early rather than late).
 */
export const expiryDateRule = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string()
    .regex(EXPIRY_DATE, { error: EXPIRY_MESSAGES.dateInvalid, abort: true })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: EXPIRY_MESSAGES.dateInvalid,
    })
    .nullable(),
);
/** The stored instant of a form's date, and back (the edit form starts with the stored day). */
export const expiryInstant = (date: string) => new Date(`${date}T00:00:00Z`).toISOString();
export const expiryDateOf = (instant: string | null) => (instant ? instant.slice(0, 10) : '');

/** "Expires in 12 days", "Expires today", "Expired 3 days ago": the provider page's and the banner's words. */
export function expiryWords(expiresAt: string, now: number = Date.now()): string {
  const days = daysUntil(expiresAt, now);
  if (days > 1) return `Expires in ${days} days`;
  if (days === 1) return 'Expires within a day';
  if (days === 0) return 'Expires today';
  return days === -1 ? 'Expired a day ago' : `Expired ${-days} days ago`;
}

export const expiringProviderSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  credentialsExpireAt: isoDateSchema,
});
export type ExpiringProvider = z.infer<typeof expiringProviderSchema>;
export const expiringProvidersSchema = z.object({ identityProviders: z.array(expiringProviderSchema) });
export type ExpiringProviders = z.infer<typeof expiringProvidersSchema>;

/** The banner's sentence; the console links each name to its provider. */
export const expiryBannerText = (names: string[]) =>
  `${names.length === 1 ? 'The credentials of an identity provider expire' : 'Credentials of identity providers expire'} soon or have expired: ${names.join(', ')}. Enter a new client secret or certificate before sign-ins stop.`;

export const expiringCredentialsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/identity-providers/expiring',
    access: 'admin',
    permission: 'sign-in:read',
    summary: `Identity providers whose credentials expire within ${EXPIRY_BANNER_DAYS} days or have expired, soonest first`,
    tags: ['Identity Providers'],
    response: expiringProvidersSchema,
  }),
} as const;
