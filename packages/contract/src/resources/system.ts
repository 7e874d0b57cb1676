import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** Brands the console can be shown in (SPEC.md §1). */
export const BRANDS = ['skyvault', 'flosum'] as const;
export const brandSchema = z.enum(BRANDS);
export type Brand = z.infer<typeof brandSchema>;

/**
 * SIGNUP_MODE: who creates organizations. `open`: visitors sign one up themselves; `invitation`: only
 * the platform's operator does (the admin CLI's create-tenant, its administrator invited by e-mail),
 * and visitors are told to ask for one; `off`: the same, and visitors are told only that signing up is
 * turned off. Like Keycloak's "User registration" switch and Auth0's "Disable Sign Ups", a closed
 * sign-up leaves invitations to existing organizations working.
 */
export const SIGN_UP_MODES = ['open', 'invitation', 'off'] as const;
export const signUpModeSchema = z.enum(SIGN_UP_MODES);
export type SignUpMode = z.infer<typeof signUpModeSchema>;

/**
 * The brand, and whether the console offers signing up (a server before SIGNUP_MODE sent no `signUp`:
 * it was open).
 */
export const brandConfigSchema = z.object({ brand: brandSchema, signUp: signUpModeSchema.default('open') });
export type BrandConfig = z.infer<typeof brandConfigSchema>;

/** Service key → URL of that service's own application; only enabled, configured services appear. */
export const appLinksSchema = z.object({
  backup: z.string().url().optional(),
  devOps: z.string().url().optional(),
});
export type AppLinks = z.infer<typeof appLinksSchema>;

export const analyticsConfigSchema = z.object({
  token: z.string(),
  host: z.string(),
  isEnabled: z.boolean(),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * Where an identity provider reaches the tenant's SCIM service: PUBLIC_URL + /scim/v2, which the
 * console cannot tell from its own address (behind a proxy, or served by a development server).
 */
export const provisioningSettingsSchema = z.object({ scimBaseUrl: z.string().url() });
export type ProvisioningSettings = z.infer<typeof provisioningSettingsSchema>;

/**
 * What the platform can do for this organization right now, as its operator set it up: whether
 * Salesforce orgs can be connected (the operator set the platform's Salesforce connected app), and whom
 * to contact about what only the operator can change (SUPPORT_CONTACT: an e-mail address or a web
 * address; null when unset). The console says so before a form is filled rather than after it fails.
 */
export const capabilitiesSchema = z.object({
  salesforceConnections: z.boolean(),
  supportContact: z.string().nullable(),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

export const systemEndpoints = {
  brand: defineEndpoint({
    method: 'GET',
    path: '/api/v1/brand',
    access: 'public',
    summary: 'The brand the console is shown in',
    tags: ['System'],
    response: brandConfigSchema,
  }),
  links: defineEndpoint({
    method: 'GET',
    path: '/api/v1/links',
    access: 'user',
    summary: "URLs of the services' own applications, by service key",
    tags: ['System'],
    response: appLinksSchema,
  }),
  provisioning: defineEndpoint({
    method: 'GET',
    path: '/api/v1/provisioning',
    access: 'admin',
    permission: 'sign-in:read',
    summary: 'The SCIM base URL an identity provider provisions users and groups through',
    tags: ['System'],
    response: provisioningSettingsSchema,
  }),
  capabilities: defineEndpoint({
    method: 'GET',
    path: '/api/v1/capabilities',
    access: 'user',
    summary: 'What the platform offers this organization (Salesforce connections) and whom to contact',
    tags: ['System'],
    response: capabilitiesSchema,
  }),
  analytics: defineEndpoint({
    method: 'GET',
    path: '/api/analytics',
    access: 'public',
    summary: 'Product analytics settings for the console',
    tags: ['System'],
    response: analyticsConfigSchema,
  }),
} as const;
