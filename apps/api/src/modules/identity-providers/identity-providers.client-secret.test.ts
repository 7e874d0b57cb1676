import { identityProviderEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureLog, createTenantWithUser } from '../../../test/app.js';
import { auditEvents } from '../../db/schema/index.js';
import { REDACTED } from '../../platform/audit/audit.service.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { createProvider, IDP_SECRET, providerBody, useSsoApps } from '../sso/sso.test-helpers.js';
import { storedProvider } from './identity-providers.test-helpers.js';

describe('identity providers', () => {
  const log = captureLog();
  const { idp, t, api } = useSsoApps([], { LOG_LEVEL: 'trace' }, { logStream: log.stream });

  const body = (overrides: Record<string, unknown> = {}) => ({ ...providerBody(idp.issuer), ...overrides });

  it('keeps the client secret sealed, never answers or logs it, and audits it redacted', async () => {
    const u = await createTenantWithUser(t);
    const id = await createProvider(t, u, body());
    const row = await storedProvider(t, u, id);
    expect(row.clientSecret).not.toContain(IDP_SECRET);
    expect(
      t.app.services.secrets.open(sealedAt.identityProviderClientSecret(u.tenantId, id), row.clientSecret),
    ).toBe(IDP_SECRET);

    // A PATCH without the secret keeps it; with one, replaces it.
    const kept = await api.call(u, identityProviderEndpoints.update, {
      params: { id },
      body: {
        providerData: { clientId: 'renamed-client', issuer: idp.issuer },
      },
    });
    expect(kept.json().providerData).toEqual({ clientId: 'renamed-client', issuer: idp.issuer });
    expect(
      t.app.services.secrets.open(
        sealedAt.identityProviderClientSecret(u.tenantId, id),
        (await storedProvider(t, u, id)).clientSecret,
      ),
    ).toBe(IDP_SECRET);
    const replaced = 'another-SECRET-0123456789';
    await api.call(u, identityProviderEndpoints.update, {
      params: { id },
      body: {
        providerData: { clientId: 'renamed-client', clientSecret: replaced, issuer: idp.issuer },
      },
    });
    expect(
      t.app.services.secrets.open(
        sealedAt.identityProviderClientSecret(u.tenantId, id),
        (await storedProvider(t, u, id)).clientSecret,
      ),
    ).toBe(replaced);

    const answers = [
      await api.call(u, identityProviderEndpoints.get, { params: { id } }),
      await api.call(u, identityProviderEndpoints.list),
    ];
    for (const res of answers) {
      expect(res.body).not.toContain(IDP_SECRET);
      expect(res.body).not.toContain(replaced);
      expect(res.body).not.toContain('clientSecret');
    }
    const events = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, id)),
    );
    expect(events.find((e) => e.action === 'create')?.changes).toMatchObject({
      name: { after: 'Acme Login' },
      clientSecret: { after: REDACTED },
    });
    expect(JSON.stringify(events)).not.toContain(IDP_SECRET);
    expect(JSON.stringify(events)).not.toContain(replaced);
    expect(log.text().length).toBeGreaterThan(0);
    expect(log.text()).not.toContain(IDP_SECRET);
    expect(log.text()).not.toContain(replaced);
  });
});
