import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ipRangeNameRule } from '../rules/names.js';
import { endIpRule, ipRangeProblem, startIpRule } from '../rules/network.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { idParamsSchema, searchTextSchema, totalList } from './list.js';

/** A permitted address range of the tenant's network access (enforced by the API on every session call). */
export const ipRangeSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  startIPAddress: z.string(),
  endIPAddress: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type IpRange = z.infer<typeof ipRangeSchema>;

const ipRangeFieldsSchema = z.object({
  name: ipRangeNameRule,
  startIPAddress: startIpRule,
  endIPAddress: endIpRule,
});

/** Start and end must be one IP version and in order; reported on the end address. */
const checkRange = (value: { startIPAddress?: string; endIPAddress?: string }, ctx: z.RefinementCtx) => {
  if (value.startIPAddress === undefined || value.endIPAddress === undefined) return;
  const problem = ipRangeProblem(value.startIPAddress, value.endIPAddress);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['endIPAddress'] });
};

/** POST /v1/ip-ranges, and the create/edit dialog's form. */
export const ipRangeCreateSchema = ipRangeFieldsSchema.superRefine(checkRange);
export type IpRangeCreate = z.input<typeof ipRangeCreateSchema>;
export const ipRangeFormSchema = ipRangeCreateSchema;
export type IpRangeForm = z.input<typeof ipRangeFormSchema>;

/** PATCH /v1/ip-ranges/:id: when only one end changes, the API checks the merged range. */
export const ipRangePatchSchema = ipRangeFieldsSchema.partial().superRefine(checkRange);
export type IpRangePatch = z.input<typeof ipRangePatchSchema>;

/** GET /v1/ip-ranges is not paginated: a tenant keeps a short list. */
export const ipRangeListQuerySchema = z.object({ searchText: searchTextSchema });
export type IpRangeListQuery = z.input<typeof ipRangeListQuerySchema>;
/** The list also tells the administrator the address they call from, which a first range must hold. */
export const ipRangeListSchema = totalList('ipRanges', ipRangeSchema).extend({ yourAddress: z.string() });
export type IpRangeList = z.infer<typeof ipRangeListSchema>;

const tags = ['Network Access'];

/**
 * Network access; administrators only. A change that would leave the administrator making it outside
 * every range is refused (IP_RANGE_LOCKOUT).
 */
export const ipRangeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ip-ranges',
    access: 'admin',
    permission: 'sign-in:read',
    summary: "The tenant's permitted IP ranges (not paginated)",
    tags,
    query: ipRangeListQuerySchema,
    response: ipRangeListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ip-ranges/:id',
    access: 'admin',
    permission: 'sign-in:read',
    summary: 'One permitted IP range',
    tags,
    params: idParamsSchema,
    response: ipRangeSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/ip-ranges',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Permits a range of addresses; with any range, only addresses inside one may sign in',
    tags,
    body: ipRangeCreateSchema,
    response: ipRangeSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/ip-ranges/:id',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Changes a permitted range',
    tags,
    params: idParamsSchema,
    body: ipRangePatchSchema,
    response: ipRangeSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/ip-ranges/:id',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: 'Removes a permitted range',
    tags,
    params: idParamsSchema,
    status: 204,
  }),
} as const;
