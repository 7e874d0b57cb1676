import { ISSUER_MESSAGES, identityProviderEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser } from '../../../test/app.js';
import {
  createProvider,
  IDP_SECRET,
  providerBody,
  startTestProvider,
  useSsoApps,
} from '../sso/sso.test-helpers.js';
import { storedProvider } from './identity-providers.test-helpers.js';

describe('identity providers', () => {
  const { idp, t, api } = useSsoApps();

  const body = (overrides: Record<string, unknown> = {}) => ({ ...providerBody(idp.issuer), ...overrides });

  it('discovers the issuer before saving it, and reports one that does not answer at its field', async () => {
    const u = await createTenantWithUser(t);
    const closed = await startTestProvider();
    const gone = closed.issuer;
    await closed.close();
    const unreachable = await api.call(u, identityProviderEndpoints.create, { body: providerBody(gone) });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.unreachable });

    // A server that answers, but not as an OpenID provider (this API itself is not one at that path).
    const notOidc = await api.call(u, identityProviderEndpoints.create, {
      body: providerBody(`${idp.issuer}/nothing-here`),
    });
    expect(notOidc.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.discovery });

    // Cloud metadata and link-local addresses are never fetched, whatever the configuration.
    const metadata = await api.call(u, identityProviderEndpoints.create, {
      body: providerBody('https://169.254.169.254/'),
    });
    expect(metadata.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.address });

    // An edit that changes the issuer is discovered too; one that keeps it is not.
    const id = await createProvider(t, u, body({ name: 'Checked' }));
    const moved = await api.call(u, identityProviderEndpoints.update, {
      params: { id },
      body: {
        providerData: { clientId: 'x', issuer: gone, clientSecret: IDP_SECRET },
      },
    });
    expect(moved.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.unreachable });
    expect((await storedProvider(t, u, id)).issuer).toBe(idp.issuer);
  });
});

describe('identity provider issuers without OUTBOUND_PRIVATE_NETWORKS', () => {
  const { idp, t, api } = useSsoApps([], { OUTBOUND_PRIVATE_NETWORKS: 'false' });

  it('refuses loopback and private addresses', async () => {
    const u = await createTenantWithUser(t);
    for (const issuer of [idp.issuer, 'https://10.1.2.3/', 'https://[::1]/', 'https://localhost/']) {
      const res = await api.call(u, identityProviderEndpoints.create, {
        body: providerBody(issuer),
      });
      expect(res.statusCode, issuer).toBe(400);
      expect(res.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.address });
    }
  });
});
