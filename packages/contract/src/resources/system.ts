import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** Brands the console can be shown in (SPEC.md §1). */
export const BRANDS = ['skyvault', 'flosum'] as const;
export const brandSchema = z.enum(BRANDS);
export type Brand = z.infer<typeof brandSchema>;

export const brandConfigSchema = z.object({ brand: brandSchema });
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
  analytics: defineEndpoint({
    method: 'GET',
    path: '/api/analytics',
    access: 'public',
    summary: 'Product analytics settings for the console',
    tags: ['System'],
    response: analyticsConfigSchema,
  }),
} as const;
