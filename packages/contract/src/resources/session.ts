import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { serviceKeySchema } from '../enums.js';

export const sessionTenantSchema = z.object({ id: z.string().uuid(), name: z.string() });

/**
 * The signed-in user (SPEC.md §3 "Session user": id, email, tenant), plus what the console needs to
 * draw the shell without another call: whether the user is a tenant administrator and which
 * services the tenant has.
 */
export const sessionUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  tenant: sessionTenantSchema,
  services: z.array(serviceKeySchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionEndpoints = {
  session: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/session',
    access: 'user',
    summary: 'The signed-in user and tenant',
    tags: ['Auth'],
    response: sessionUserSchema,
  }),
} as const;
