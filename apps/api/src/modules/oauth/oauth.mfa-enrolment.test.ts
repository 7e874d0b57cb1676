import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import {
  authorizationRequest,
  CookieJar,
  consoleLogin,
  insertApplication,
  navigate,
  startOAuthApp,
} from '../../../test/oauth-client.js';
import { tenants } from '../../db/schema/index.js';

const PASSWORD = 'Enrolment-pw1';

describe('authorization server: a console session restricted to MFA enrolment', () => {
  const t = useTestApp(() => startOAuthApp());

  it('counts as signed out, and counts once the user has enrolled', async () => {
    const carol = await createTenantWithUser(t, { password: PASSWORD });
    const app = await insertApplication(t, carol.tenantId);
    await t.database.tenant(carol.tenantId, (tx) =>
      tx
        .update(tenants)
        .set({ mfaPolicy: 'everyone', mfaGraceDays: 0, mfaEnforcedAt: new Date() })
        .where(eq(tenants.id, carol.tenantId)),
    );
    const jar = new CookieJar();
    await consoleLogin(t, jar, { tenantName: carol.tenantName, email: carol.email, password: PASSWORD });
    const { url } = await authorizationRequest(t, app);
    expect((await navigate(t, jar, url)).url.pathname).toBe('/auth/login');

    // The same browser with the policy lifted: its new session is a full one and counts.
    await t.database.tenant(carol.tenantId, (tx) =>
      tx.update(tenants).set({ mfaPolicy: 'off', mfaEnforcedAt: null }).where(eq(tenants.id, carol.tenantId)),
    );
    await consoleLogin(t, jar, { tenantName: carol.tenantName, email: carol.email, password: PASSWORD });
    const again = await authorizationRequest(t, app);
    expect((await navigate(t, jar, again.url)).url.pathname).not.toBe('/auth/login');
  });
});
