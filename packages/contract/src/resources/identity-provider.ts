import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  buttonTextRule,
  iconFileNameRule,
  identityProviderNameRule,
  issuerRule,
  providerValueRule,
} from '../rules/names.js';
import { emptyOr, isoDateSchema, optionalIdRule, uuidSchema } from '../rules/text.js';
import { loginButtonsRequestSchema, loginButtonsSchema } from './auth.js';
import { expiryDateRule } from './expiring-credentials.js';
import { idParamsSchema, listQuerySchema, totalList } from './list.js';
import { samlProviderDataPatchSchema, samlProviderDataSchema, samlProviderDetailsSchema } from './saml.js';

/**
 * An external identity provider a tenant's users sign in with: OpenID Connect or SAML 2.0, told apart
 * by `type`. The OpenID client secret is write-only: it is stored encrypted and never answered, so the
 * entity's providerData has no clientSecret. A SAML provider answers what its metadata said, the
 * attribute mapping, and our SP side (entity id, ACS URL, metadata URL) to give its administrator.
 */
const identityProviderBaseSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  active: z.boolean(),
  buttonText: z.string(),
  buttonImageId: uuidSchema.nullable(),
  /** Users who first sign in through this provider join this group. */
  defaultGroupId: uuidSchema.nullable(),
  /** When the client secret (or a SAML certificate) stops working; null: not known. */
  credentialsExpireAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export const identityProviderSchema = z.discriminatedUnion('type', [
  identityProviderBaseSchema.extend({
    type: z.literal('OpenId'),
    providerData: z.object({ clientId: z.string(), issuer: z.string() }),
  }),
  identityProviderBaseSchema.extend({ type: z.literal('Saml'), providerData: samlProviderDetailsSchema }),
]);
export type IdentityProvider = z.infer<typeof identityProviderSchema>;
export type OpenIdIdentityProvider = Extract<IdentityProvider, { type: 'OpenId' }>;
export type SamlIdentityProvider = Extract<IdentityProvider, { type: 'Saml' }>;

/** OpenID settings as written: every value must be set. */
export const openIdProviderDataSchema = z.object({
  clientId: providerValueRule,
  clientSecret: providerValueRule,
  issuer: issuerRule,
});

const identityProviderCommonSchema = z.object({
  name: identityProviderNameRule,
  /** Empty means 'Connect {name}' (see defaultButtonText). */
  buttonText: buttonTextRule,
  buttonImageId: optionalIdRule.optional(),
  defaultGroupId: optionalIdRule.optional(),
  /** "Expires on" (YYYY-MM-DD) of the client secret (a SAML provider without one takes its signing certificate's); '' or null: not known. */
  credentialsExpireAt: expiryDateRule.optional(),
});
const withDefaultButtonText = identityProviderCommonSchema.extend({ buttonText: buttonTextRule.default('') });
const TYPE_REQUIRED = { error: 'Connection method is required' };

/** POST /v1/identity-providers, and the create page's form: the settings follow the type. */
export const identityProviderCreateSchema = z.discriminatedUnion(
  'type',
  [
    withDefaultButtonText.extend({ type: z.literal('OpenId'), providerData: openIdProviderDataSchema }),
    withDefaultButtonText.extend({ type: z.literal('Saml'), providerData: samlProviderDataSchema }),
  ],
  TYPE_REQUIRED,
);
export type IdentityProviderCreate = z.input<typeof identityProviderCreateSchema>;
export const identityProviderFormSchema = identityProviderCreateSchema;
export type IdentityProviderForm = z.input<typeof identityProviderFormSchema>;

/**
 * The edit page: the OpenID secret field starts empty and empty keeps the stored secret; the SAML
 * metadata fields too (empty keeps the stored metadata).
 */
export const identityProviderEditFormSchema = z.discriminatedUnion(
  'type',
  [
    withDefaultButtonText.extend({
      type: z.literal('OpenId'),
      providerData: openIdProviderDataSchema.extend({ clientSecret: emptyOr(providerValueRule) }),
    }),
    withDefaultButtonText.extend({ type: z.literal('Saml'), providerData: samlProviderDataPatchSchema }),
  ],
  TYPE_REQUIRED,
);
export type IdentityProviderEditForm = z.input<typeof identityProviderEditFormSchema>;

/**
 * PATCH /v1/identity-providers/:id: any field; a providerData without clientSecret keeps the stored
 * one. Without `type` the body is an OpenID provider's (as before SAML); a SAML provider's settings
 * come with `type: 'Saml'`. The type itself never changes.
 */
// Built on the fields without defaults: a PATCH that leaves buttonText out keeps the stored text.
export const identityProviderPatchSchema = z.discriminatedUnion(
  'type',
  [
    identityProviderCommonSchema.partial().extend({
      type: z.literal('OpenId').optional(),
      providerData: openIdProviderDataSchema.partial({ clientSecret: true }).optional(),
    }),
    identityProviderCommonSchema.partial().extend({
      type: z.literal('Saml'),
      providerData: samlProviderDataPatchSchema.optional(),
    }),
  ],
  TYPE_REQUIRED,
);
export type IdentityProviderPatch = z.input<typeof identityProviderPatchSchema>;

export const identityProviderListQuerySchema = listQuerySchema;
export type IdentityProviderListQuery = z.input<typeof identityProviderListQuerySchema>;
export const identityProviderListSchema = totalList('identityProviders', identityProviderSchema);
export type IdentityProviderList = z.infer<typeof identityProviderListSchema>;

/** Login button images: SVG only; they are sanitized on upload and served from /api/v1/icons/:iconId. */
export const ICON_MIME_TYPE = 'image/svg+xml';
/** Ours: a button icon needs no more than this. */
export const ICON_MAX_BYTES = 256 * 1024;

/** The text fields of POST /v1/icons/upload (multipart; the file part is `file`). `iconId` replaces one. */
export const iconUploadFieldsSchema = z.object({
  fileName: iconFileNameRule,
  iconId: uuidSchema.optional(),
});
export type IconUploadFields = z.infer<typeof iconUploadFieldsSchema>;
export const iconUploadResponseSchema = z.object({ id: uuidSchema });
/** GET /v1/icons/info/:id. */
export const iconInfoSchema = z.object({ fileName: z.string() });
export type IconInfo = z.infer<typeof iconInfoSchema>;
/** Where the console shows an icon from. */
export const iconUrl = (iconId: string) => `/api/v1/icons/${encodeURIComponent(iconId)}`;

const tags = ['Identity Providers'];

/** External identity providers; administrators only, but for the login page's buttons. */
export const identityProviderEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/identity-providers',
    access: 'admin',
    permission: 'sign-in:read',
    summary: "The tenant's identity providers, newest first, searched by name or issuer",
    tags,
    query: identityProviderListQuerySchema,
    response: identityProviderListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/identity-providers/:id',
    access: 'admin',
    permission: 'sign-in:read',
    summary: 'One identity provider (the client secret is never answered)',
    tags,
    params: idParamsSchema,
    response: identityProviderSchema,
  }),
  loginButtons: defineEndpoint({
    method: 'POST',
    path: '/api/v1/identity-providers/login-buttons',
    access: 'public',
    summary: "The sign-in buttons of a tenant's active identity providers",
    tags,
    body: loginButtonsRequestSchema,
    response: loginButtonsSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/identity-providers',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Adds an OpenID Connect or SAML 2.0 identity provider',
    tags,
    body: identityProviderCreateSchema,
    response: identityProviderSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/identity-providers/:id',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Changes an identity provider; without a client secret the stored one is kept',
    tags,
    params: idParamsSchema,
    body: identityProviderPatchSchema,
    response: identityProviderSchema,
  }),
  enable: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/identity-providers/:id/enable',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Shows the provider on the login page again',
    tags,
    params: idParamsSchema,
    response: identityProviderSchema,
  }),
  disable: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/identity-providers/:id/disable',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Stops sign-ins through the provider',
    tags,
    params: idParamsSchema,
    response: identityProviderSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/identity-providers/:id',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Deletes an identity provider and its links to users',
    tags,
    params: idParamsSchema,
    status: 204,
  }),
} as const;

/** Button images. The upload is multipart (file, fileName, optional iconId); the image itself is public. */
export const iconEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/v1/icons/upload',
    access: 'admin',
    permission: 'sign-in:write',
    summary: 'Uploads (or replaces, with iconId) an SVG button image; it is sanitized',
    tags,
    response: iconUploadResponseSchema,
    status: 201,
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/api/v1/icons/info/:id',
    access: 'admin',
    permission: 'sign-in:read',
    summary: "An icon's file name",
    tags,
    params: idParamsSchema,
    response: iconInfoSchema,
  }),
} as const;
