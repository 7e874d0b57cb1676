import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { isoDateSchema, optionalTextRule, uuidSchema } from '../rules/text.js';
import { idParamsSchema } from './list.js';

/**
 * SAML 2.0 identity providers (Web Browser SSO profile, SP side). The tenant gives the identity
 * provider's metadata (pasted, uploaded or by URL); we read its entity id, single sign-on URL and
 * signing certificates from it, and publish per-provider SP metadata (entity id, ACS URL and our
 * signing/encryption certificate) for the identity provider's side.
 */

/** Where our SP side of one provider lives: its metadata URL is also its entity id. */
export const samlMetadataPath = (providerId: string) =>
  `/api/v1/sso/saml/${encodeURIComponent(providerId)}/metadata`;
export const samlAcsPath = (providerId: string) => `/api/v1/sso/saml/${encodeURIComponent(providerId)}/acs`;
export const samlSpEntityId = (publicUrl: string, providerId: string) =>
  `${publicUrl}${samlMetadataPath(providerId)}`;
export const samlAcsUrl = (publicUrl: string, providerId: string) => `${publicUrl}${samlAcsPath(providerId)}`;

/**
 * The start of a "Test sign-in": the provider page links here with the administrator's session; the
 * ACS then shows what the identity provider sent instead of signing anyone in.
 */
export const SAML_TEST_MODE = 'test';
export const samlTestStartPath = (providerId: string) =>
  `/api/v1/sso/${encodeURIComponent(providerId)}/start?mode=${SAML_TEST_MODE}`;

/** The console page a test sign-in lands on (its result is read by id, for a few minutes). */
export const samlTestResultPage = (providerId: string, resultId: string) =>
  `/identity-providers/${encodeURIComponent(providerId)}/test-sign-in/${encodeURIComponent(resultId)}`;

/** Pasted or uploaded metadata: a real one with several certificates is some tens of kilobytes. */
export const SAML_METADATA_MAX_CHARS = 512 * 1024;
/** Clocks of the identity provider and ours may disagree this much (seconds), at most five minutes. */
export const SAML_CLOCK_SKEW_MAX = 300;
export const SAML_CLOCK_SKEW_DEFAULT = 60;

export const SAML_MESSAGES = {
  metadataRequired: "Paste the identity provider's metadata, upload its file, or give its URL",
  metadataBoth: 'Give the metadata or its URL, not both',
  metadataInvalid:
    'This is not SAML 2.0 identity provider metadata (an EntityDescriptor with an IDPSSODescriptor)',
  metadataTooLarge: `Metadata must be at most ${SAML_METADATA_MAX_CHARS / 1024} KB`,
  noSingleSignOnService:
    'The metadata names no single sign-on service with the HTTP-Redirect or HTTP-POST binding',
  noSigningCertificate: 'The metadata has no signing certificate',
  certificateInvalid: 'A signing certificate in the metadata cannot be read',
  metadataUrlInvalid: 'Enter an https URL',
  metadataUnreachable: 'The metadata URL did not answer with metadata',
  clockSkew: `Clock skew must be a whole number of seconds from 0 to ${SAML_CLOCK_SKEW_MAX}`,
  attribute: 'Attribute names are at most 256 characters',
  typeChange: 'The connection method of a provider cannot change; add a new provider instead',
} as const;

const attributeRule = optionalTextRule({ field: 'Attribute', max: 256 });

const clockSkewRule = z
  .number({ error: SAML_MESSAGES.clockSkew })
  .int({ error: SAML_MESSAGES.clockSkew })
  .min(0, { error: SAML_MESSAGES.clockSkew })
  .max(SAML_CLOCK_SKEW_MAX, { error: SAML_MESSAGES.clockSkew });

/** What a SAML provider's form writes: the metadata (as text or URL) and how to read the assertion. */
const samlSettingsFields = {
  /** The identity provider's metadata XML as pasted or uploaded; empty when `metadataUrl` is given. */
  metadataXml: z.string().max(SAML_METADATA_MAX_CHARS, { error: SAML_MESSAGES.metadataTooLarge }),
  /** Fetched when saved (through the outbound guard); empty when the XML is given. */
  metadataUrl: z
    .string()
    .trim()
    .max(2048, { error: SAML_MESSAGES.metadataUrlInvalid })
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), {
      error: SAML_MESSAGES.metadataUrlInvalid,
    }),
  /** The attribute that holds the e-mail address; empty: the NameID is the address. */
  emailAttribute: attributeRule,
  firstNameAttribute: attributeRule,
  lastNameAttribute: attributeRule,
  clockSkewSeconds: clockSkewRule,
  /**
   * The assertion itself must carry the identity provider's signature. Off, a signed response around an
   * unsigned assertion is enough; one of the two is always required.
   */
  wantAssertionsSigned: z.boolean(),
  /** Sign-ins the identity provider starts (no AuthnRequest of ours): off unless turned on. */
  allowIdpInitiated: z.boolean(),
};

const metadataGiven = (data: { metadataXml?: string; metadataUrl?: string }) =>
  !!data.metadataXml?.trim() || !!data.metadataUrl?.trim();
const notBoth = (data: { metadataXml?: string; metadataUrl?: string }) =>
  !(data.metadataXml?.trim() && data.metadataUrl?.trim());

/** Creating: the metadata is required, as text or as URL (one of the two); the rest has defaults. */
export const samlProviderDataSchema = z
  .object({
    metadataXml: samlSettingsFields.metadataXml.default(''),
    metadataUrl: samlSettingsFields.metadataUrl.default(''),
    emailAttribute: attributeRule.default(''),
    firstNameAttribute: attributeRule.default(''),
    lastNameAttribute: attributeRule.default(''),
    clockSkewSeconds: clockSkewRule.default(SAML_CLOCK_SKEW_DEFAULT),
    wantAssertionsSigned: z.boolean().default(true),
    allowIdpInitiated: z.boolean().default(false),
  })
  .refine(metadataGiven, { error: SAML_MESSAGES.metadataRequired, path: ['metadataXml'] })
  .refine(notBoth, { error: SAML_MESSAGES.metadataBoth, path: ['metadataUrl'] });
export type SamlProviderData = z.input<typeof samlProviderDataSchema>;

/**
 * Editing: any field; leaving both metadata fields out (or empty) keeps the stored metadata. Strict, so
 * that an OpenID provider's settings are never taken for an empty SAML change.
 */
export const samlProviderDataPatchSchema = z
  .strictObject(samlSettingsFields)
  .partial()
  .refine(notBoth, { error: SAML_MESSAGES.metadataBoth, path: ['metadataUrl'] });

export const samlCertificateSchema = z.object({
  subject: z.string(),
  notAfter: isoDateSchema,
  fingerprint: z.string(),
});

/** A SAML provider as answered: what the metadata said, the mapping, and our side to give the IdP. */
export const samlProviderDetailsSchema = z.object({
  idpEntityId: z.string(),
  ssoUrl: z.string(),
  ssoBinding: z.enum(['Redirect', 'Post']),
  metadataUrl: z.string(),
  certificates: z.array(samlCertificateSchema),
  /** The first of the signing certificates to expire (for expiry warnings). */
  certificateNotAfter: isoDateSchema.nullable(),
  emailAttribute: z.string(),
  firstNameAttribute: z.string(),
  lastNameAttribute: z.string(),
  clockSkewSeconds: z.number().int(),
  wantAssertionsSigned: z.boolean(),
  allowIdpInitiated: z.boolean(),
  sp: z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string() }),
});
export type SamlProviderDetails = z.infer<typeof samlProviderDetailsSchema>;

/** What a test sign-in received: shown to the administrator, never used to sign anyone in. */
export const samlTestResultSchema = z.object({
  id: uuidSchema,
  providerId: uuidSchema,
  createdAt: isoDateSchema,
  /** Whether the response passed every check a real sign-in makes. */
  valid: z.boolean(),
  /** Why it did not (a short technical reason), when it did not. */
  error: z.string().nullable(),
  nameId: z.string().nullable(),
  nameIdFormat: z.string().nullable(),
  /** The e-mail address and names as the mapping reads them. */
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export type SamlTestResult = z.infer<typeof samlTestResultSchema>;

export const samlTestResultParamsSchema = idParamsSchema.extend({ resultId: uuidSchema });

export const samlEndpoints = {
  testResult: defineEndpoint({
    method: 'GET',
    path: '/api/v1/identity-providers/:id/test-sign-in/:resultId',
    access: 'admin',
    permission: 'sign-in:read',
    summary: 'What a SAML test sign-in received (kept for a few minutes)',
    tags: ['Identity Providers'],
    params: samlTestResultParamsSchema,
    response: samlTestResultSchema,
  }),
} as const;
