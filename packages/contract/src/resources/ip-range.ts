import { z } from 'zod';
import { ipRangeNameRule } from '../rules/names.js';
import { endIpRule, ipRangeProblem, startIpRule } from '../rules/network.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { searchTextSchema, totalList } from './list.js';

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
export const ipRangeListSchema = totalList('ipRanges', ipRangeSchema);
export type IpRangeList = z.infer<typeof ipRangeListSchema>;
