import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { providerChoiceSchema } from '../errors.js';
import { emailRule } from '../rules/identity.js';
import { uuidSchema } from '../rules/text.js';

/**
 * How the addresses of a tenant's verified domains sign in (issue 34: home-realm discovery and SSO
 * enforcement). Per verified domain: the identity providers its addresses are sent to from the login's
 * e-mail step (in order; several show a choice), whether single sign-on is enforced (no password, e-mail
 * code or passkey sign-in for its users), and whether their API tokens keep working meanwhile. Break-glass
 * administrators, named by the tenant, may still sign in with a password and their second factor.
 */

/** The most providers one domain may route to (a login page shows them all as buttons). */
export const MAX_DOMAIN_PROVIDERS = 10;

export const SSO_ENFORCEMENT_MESSAGES = {
  /** Enforcement without a provider would leave the domain's users no way in. */
  needsProvider: 'Choose at least one identity provider before enforcing single sign-on.',
  /** Enforcement without a break-glass administrator would leave nobody in if the provider fails. */
  needsBreakGlass:
    'Name at least one break-glass administrator before enforcing single sign-on: they can still sign in with a password and their second factor if the identity provider fails.',
  providerUnknown: 'This identity provider does not exist or is disabled.',
  providerTwice: 'Each identity provider can be listed once.',
  tooManyProviders: `A domain can send its addresses to at most ${MAX_DOMAIN_PROVIDERS} identity providers.`,
  /** Naming a break-glass administrator. */
  notAdmin: 'Only an enabled administrator can be a break-glass administrator.',
  noSecondFactor:
    'This administrator has no second factor. A break-glass administrator signs in with a password and a second factor: ask them to add an authenticator app or a passkey first.',
  alreadyNamed: 'This administrator is already a break-glass administrator.',
  /** Removing, demoting, disabling or deleting the last one while a domain enforces single sign-on. */
  lastBreakGlass:
    'This is the last break-glass administrator while single sign-on is enforced. Name another break-glass administrator first, or turn enforcement off.',
  /** Disabling or deleting the last active provider of a domain that enforces single sign-on. */
  lastEnforcedProvider: (domain: string) =>
    `This identity provider is the only way in for the users of ${domain}, where single sign-on is enforced. Route ${domain} to another active provider, or turn enforcement off, first.`,
  /** 401 to an API token whose creator's domain enforces single sign-on with tokens stopped. */
  apiTokenStopped:
    "This API token no longer works: its creator's organization requires single sign-on and does not allow their API tokens meanwhile.",
} as const;

/** The words of Security → Authentication's single sign-on card and of the login page's SSO steps. */
export const SSO_ENFORCEMENT_TEXTS = {
  cardTitle: 'Single sign-on',
  cardHelp:
    'Send the addresses of your verified domains to your identity providers from the login page, and make single sign-on the only way in for them. Break-glass administrators can still sign in with a password and a second factor if the identity provider fails.',
  noDomains: 'No verified domains yet',
  noDomainsHelp:
    'Verify your e-mail domain under Security → Domains first; its sign-in settings then appear here.',
  providers: 'Identity providers',
  providersHelp:
    'Addresses on this domain go straight to the first provider at the login page; with several, they choose.',
  noProviders: 'None: addresses on this domain sign in as everyone else does.',
  addProvider: 'Add identity provider',
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  removeProvider: (name: string) => `Remove ${name}`,
  enforce: 'Enforce single sign-on',
  enforceHelp: 'Users on this domain cannot sign in with a password, an e-mail code or a passkey.',
  apiTokens: 'Allow API tokens of these users',
  apiTokensHelp: 'When off, API tokens made by users on this domain stop working while enforcement is on.',
  saved: (domain: string) => `Sign-in of ${domain} was saved`,
  breakGlassTitle: 'Break-glass administrators',
  breakGlassHelp:
    'They may still sign in with a password and a second factor while single sign-on is enforced; each such sign-in is audited and e-mailed to the other administrators.',
  noBreakGlass: 'No break-glass administrators yet.',
  noSecondFactor: 'No second factor any more: cannot sign in',
  pickAdministrator: 'Administrator with a second factor',
  noCandidates: 'No other administrator has a second factor.',
  addBreakGlass: 'Add',
  removeBreakGlass: (name: string) => `Remove ${name} from break-glass administrators`,
  breakGlassAdded: 'Break-glass administrator added',
  breakGlassRemoved: 'Break-glass administrator removed',
  /** The login page. */
  chooseProvider: 'Choose how to sign in',
  chooseProviderHelp: (domain: string) => `Your organization signs in addresses on ${domain} with:`,
  otherSignIn: 'Use a different sign-in',
  redirecting: 'Taking you to your identity provider…',
} as const;

export const domainSignInProviderSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  active: z.boolean(),
});

/** A verified domain's sign-in settings. */
export const domainSignInSchema = z.object({
  id: uuidSchema,
  domain: z.string(),
  /** The providers its addresses go to from the login's e-mail step, in order. */
  providers: z.array(domainSignInProviderSchema),
  enforceSso: z.boolean(),
  apiTokensUnderEnforcement: z.boolean(),
});
export type DomainSignIn = z.infer<typeof domainSignInSchema>;

export const domainSignInListSchema = z.object({ domains: z.array(domainSignInSchema) });
export type DomainSignInList = z.infer<typeof domainSignInListSchema>;

export const domainSignInUpdateSchema = z.object({
  providerIds: z
    .array(uuidSchema)
    .max(MAX_DOMAIN_PROVIDERS, { error: SSO_ENFORCEMENT_MESSAGES.tooManyProviders })
    .refine((ids) => new Set(ids).size === ids.length, { error: SSO_ENFORCEMENT_MESSAGES.providerTwice }),
  enforceSso: z.boolean(),
  apiTokensUnderEnforcement: z.boolean(),
});
export type DomainSignInUpdate = z.infer<typeof domainSignInUpdateSchema>;

export const domainSignInParamsSchema = z.object({ domainId: uuidSchema });

/** A break-glass administrator as the card lists them. */
export const breakGlassAdminSchema = z.object({
  userId: uuidSchema,
  email: z.string(),
  name: z.string(),
  /** Whether they still have a second factor (without one, their password alone is refused too). */
  hasSecondFactor: z.boolean(),
  addedAt: z.string(),
});
export type BreakGlassAdmin = z.infer<typeof breakGlassAdminSchema>;

export const breakGlassListSchema = z.object({
  administrators: z.array(breakGlassAdminSchema),
  /** The tenant's enabled administrators with a second factor who are not named yet (the picker). */
  candidates: z.array(z.object({ userId: uuidSchema, email: z.string(), name: z.string() })),
});
export type BreakGlassList = z.infer<typeof breakGlassListSchema>;

export const breakGlassAddSchema = z.object({ userId: uuidSchema });
export const breakGlassParamsSchema = z.object({ userId: uuidSchema });

/** POST /v1/auth/home-realm: the login's e-mail step asks where the address signs in. */
export const homeRealmRequestSchema = z.object({
  email: emailRule,
  /** The page's redirect target, carried through the provider's round trip (as login buttons do). */
  state: z.string().max(4096).optional(),
});
export type HomeRealmRequest = z.infer<typeof homeRealmRequestSchema>;

/**
 * The providers of the address's domain: empty when the domain is not verified or routes nowhere (the
 * e-mail code step follows). Decided by the domain alone, never by whether the address has an account.
 */
export const homeRealmSchema = z.object({ providers: z.array(providerChoiceSchema) });
export type HomeRealm = z.infer<typeof homeRealmSchema>;

export const ssoEnforcementEndpoints = {
  listDomains: defineEndpoint({
    method: 'GET',
    path: '/api/v1/sso-enforcement/domains',
    access: 'admin',
    permission: 'sign-in:read',
    summary: "The sign-in settings of the tenant's verified domains: providers, enforcement, API tokens",
    tags: ['Authentication policy'],
    response: domainSignInListSchema,
  }),
  updateDomain: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/sso-enforcement/domains/:domainId',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary:
      "Sets a verified domain's identity providers (in order), single sign-on enforcement and whether its users' API tokens keep working",
    tags: ['Authentication policy'],
    params: domainSignInParamsSchema,
    body: domainSignInUpdateSchema,
    response: domainSignInSchema,
  }),
  listBreakGlass: defineEndpoint({
    method: 'GET',
    path: '/api/v1/sso-enforcement/break-glass',
    access: 'admin',
    permission: 'sign-in:read',
    summary: 'The break-glass administrators, and the administrators with a second factor who may be named',
    tags: ['Authentication policy'],
    response: breakGlassListSchema,
  }),
  addBreakGlass: defineEndpoint({
    method: 'POST',
    path: '/api/v1/sso-enforcement/break-glass',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary:
      'Names a break-glass administrator: they may sign in with a password and second factor while single sign-on is enforced',
    tags: ['Authentication policy'],
    body: breakGlassAddSchema,
    response: breakGlassAdminSchema,
    status: 201,
  }),
  removeBreakGlass: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/sso-enforcement/break-glass/:userId',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Removes a break-glass administrator (refused for the last one while enforcement is on)',
    tags: ['Authentication policy'],
    params: breakGlassParamsSchema,
    status: 204,
  }),
  homeRealm: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/home-realm',
    access: 'public',
    summary:
      "Home-realm discovery: the identity providers an address's verified domain sends it to (none when the domain routes nowhere)",
    tags: ['Auth'],
    body: homeRealmRequestSchema,
    response: homeRealmSchema,
  }),
} as const;
