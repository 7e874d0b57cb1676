import { type APIRequestContext, expect } from '@playwright/test';
import { linkIn, waitForMail } from './outbox';

const CONSOLE = { 'x-requested-with': 'skyvault-console' };

export interface OwnTenant {
  tenantName: string;
  email: string;
  password: string;
}

/**
 * Signs up a tenant of the spec's own (its administrator's e-mail verified from the outbox), so that a
 * spec may change tenant-wide settings or its administrator's factors while other specs use the demo
 * tenant.
 */
export async function signUpOwnTenant(api: APIRequestContext, label: string): Promise<OwnTenant> {
  const run = Date.now().toString(36);
  const email = `${label}-${run}@${label}.example.com`;
  // Long and random enough for any breached-password list.
  const password = `Own-${label}-${run}-Tenant7`;
  const signUp = await api.post('/api/v1/tenants', {
    headers: CONSOLE,
    data: { firstName: 'Ada', lastName: `Owner ${run}`, email, password, confirmPassword: password },
  });
  expect(signUp.status()).toBe(201);
  const link = new URL(linkIn(await waitForMail(email, /Verify your email/), 'http://localhost:'));
  const verified = await api.post('/api/v1/tenants/verify', {
    headers: CONSOLE,
    data: { token: link.searchParams.get('token') },
  });
  expect(verified.status()).toBe(200);
  const { tenantName } = (await verified.json()) as { tenantName: string };
  return { tenantName, email, password };
}
