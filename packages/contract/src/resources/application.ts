import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { GRANT_TYPES, grantTypeSchema, OAUTH_SCOPES, oauthScopeSchema } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { applicationNameRule } from '../rules/names.js';
import { authorizedUrlRule } from '../rules/network.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { authorizationPolicySchema } from '../rules/tokens.js';
import { idParamsSchema, listQuerySchema, totalList } from './list.js';

/** A connected app may list at most this many URLs of each kind (ours: bounds what a row holds). */
export const MAX_AUTHORIZED_URLS = 50;

/** What the app may do at the authorization server (the options are fixed lists, see enums). */
export const oauthSettingsSchema = z.object({
  allowedFlows: z.array(grantTypeSchema).max(GRANT_TYPES.length),
  allowedScopes: z.array(oauthScopeSchema).max(OAUTH_SCOPES.length),
  authorizedCallbackURLs: z
    .array(authorizedUrlRule)
    .min(1, { error: MESSAGES.callbackUrlRequired })
    .max(MAX_AUTHORIZED_URLS),
  authorizedSignOutURLs: z.array(authorizedUrlRule).max(MAX_AUTHORIZED_URLS),
});
export type OAuthSettings = z.infer<typeof oauthSettingsSchema>;

export const applicationDataSchema = z.object({
  oauth: oauthSettingsSchema,
  authorizationPolicy: authorizationPolicySchema,
});
export type ApplicationData = z.infer<typeof applicationDataSchema>;

/**
 * The OAuth settings as stored and answered. A new app starts without a callback URL: no address is a
 * safe guess for someone else's app, so it cannot sign anyone in until an administrator saves one. The
 * answer therefore allows an empty list where every edit (applicationDataSchema) requires one. It also
 * answers URLs saved under older rules (plain http on any host) as they are, so that the edit form shows
 * them with the rule's message; the authorization server ignores them (see the API's clients.ts).
 */
const storedUrlsSchema = z.array(z.string()).max(MAX_AUTHORIZED_URLS);
export const storedApplicationDataSchema = applicationDataSchema.extend({
  oauth: oauthSettingsSchema.extend({
    authorizedCallbackURLs: storedUrlsSchema,
    authorizedSignOutURLs: storedUrlsSchema,
  }),
});

/** A connected app (OAuth client) as the API answers it; `shared` is the multi-tenant mode. */
export const applicationSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  active: z.boolean(),
  shared: z.boolean(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
  data: storedApplicationDataSchema,
});
export type Application = z.infer<typeof applicationSchema>;

/** List rows carry the columns the spec's list call asks for, without the OAuth data. */
export const applicationListItemSchema = applicationSchema.omit({ data: true });
export type ApplicationListItem = z.infer<typeof applicationListItemSchema>;

/** The editable fields, validated with the shared rules; create and patch pick from it. */
const applicationInputSchema = z.object({
  name: applicationNameRule,
  shared: z.boolean(),
  data: applicationDataSchema,
});

/** POST /v1/applications: the create modal asks only the name. */
export const applicationCreateSchema = applicationInputSchema.pick({ name: true });
export type ApplicationCreate = z.infer<typeof applicationCreateSchema>;

/** PATCH /v1/applications/:id: any of name, shared and the whole data block. */
export const applicationPatchSchema = applicationInputSchema.partial();
export type ApplicationPatch = z.input<typeof applicationPatchSchema>;

/** The edit screen sends everything it shows. */
export const applicationFormSchema = applicationInputSchema;
export type ApplicationForm = z.input<typeof applicationFormSchema>;

export const applicationListQuerySchema = listQuerySchema;
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

export const applicationListSchema = totalList('applications', applicationListItemSchema);
export type ApplicationList = z.infer<typeof applicationListSchema>;

/** A new authorized URL entry starts with this text. */
export const NEW_AUTHORIZED_URL = 'https://';

const tags = ['Connected Apps'];
/** A `read` API token sees the client secret masked (see EndpointDef.secretFields). */
const secretFields = ['clientSecret'] as const;

/**
 * Connected apps: the tenant's OAuth clients of the platform's authorization server (/oauth);
 * administrators only. Disable, regenerate and delete revoke every grant, token and session of the app.
 */
export const applicationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/applications',
    access: 'admin',
    permission: 'applications:read',
    summary: "The tenant's connected apps, newest first, searched by name or client id",
    tags,
    query: applicationListQuerySchema,
    response: applicationListSchema,
    secretFields,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/applications/:id',
    access: 'admin',
    permission: 'applications:read',
    summary: 'One connected app with its OAuth settings',
    tags,
    params: idParamsSchema,
    response: applicationSchema,
    secretFields,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/applications',
    access: 'admin',
    permission: 'applications:write',
    summary: 'Registers a connected app with a new client id and secret',
    tags,
    body: applicationCreateSchema,
    response: applicationSchema,
    secretFields,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/applications/:id',
    access: 'admin',
    permission: 'applications:write',
    summary: 'Changes the name, the multi-tenant mode or the OAuth settings',
    tags,
    params: idParamsSchema,
    body: applicationPatchSchema,
    response: applicationSchema,
    secretFields,
  }),
  enable: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/applications/:id/enable',
    access: 'admin',
    permission: 'applications:write',
    summary: 'Lets the app sign users in again',
    tags,
    params: idParamsSchema,
    response: applicationSchema,
    secretFields,
  }),
  disable: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/applications/:id/disable',
    access: 'admin',
    permission: 'applications:write',
    summary: 'Stops the app and revokes its sessions, grants and tokens',
    tags,
    params: idParamsSchema,
    response: applicationSchema,
    secretFields,
  }),
  regenerate: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/applications/:id/regenerate',
    access: 'admin',
    permission: 'applications:write',
    summary: 'Issues a new client secret; the old one stops working and every grant is revoked',
    tags,
    params: idParamsSchema,
    response: applicationSchema,
    secretFields,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/applications/:id',
    access: 'admin',
    permission: 'applications:write',
    summary: 'Deletes the app with its sessions, grants and tokens',
    tags,
    params: idParamsSchema,
    status: 204,
  }),
} as const;
