import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ISSUER_MESSAGES, identityProviderEndpoints, ssoStartPath } from '@skyvault/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestApp } from '../../../test/app.js';
import { identityProviders } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { createSsoTestApp, IDP_CLIENT_ID, IDP_SECRET, providerBody } from './sso.test-helpers.js';

/**
 * An issuer whose discovery document announces an authorization endpoint elsewhere: the console's
 * start link must not become a redirect to it.
 */
describe('the authorization endpoint an issuer announces', () => {
  let t: TestApp;
  let server: Server;
  let issuer = '';
  let authorizationEndpoint = '';
  beforeAll(async () => {
    // Any path prefix is an issuer of its own, so that each test meets an issuer not discovered before.
    server = createServer((request, response) => {
      const prefix = /^(.*)\/\.well-known\/openid-configuration$/.exec(request.url ?? '')?.[1];
      if (prefix === undefined) return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          issuer: `${issuer}${prefix}`,
          authorization_endpoint: authorizationEndpoint,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createSsoTestApp();
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const foreign = () => [
    'https://evil.example/authorize',
    `http://localhost:${new URL(issuer).port}/auth`,
    `https://127.0.0.1:${new URL(issuer).port}/auth`,
    `http://127.0.0.1:1/auth`,
  ];

  it('refuses to save an issuer whose authorization endpoint is on another scheme, host or port', async () => {
    const admin = await createTenantWithUser(t);
    for (const endpoint of foreign()) {
      authorizationEndpoint = endpoint;
      const res = await apiCaller(t).call(admin, identityProviderEndpoints.create, {
        body: providerBody(issuer),
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.authorization });
    }
    authorizationEndpoint = `${issuer}/auth`;
    const res = await apiCaller(t).call(admin, identityProviderEndpoints.create, {
      body: providerBody(issuer),
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses the start of a sign-in at a provider saved before its issuer announced another host', async () => {
    const admin = await createTenantWithUser(t);
    const id = randomUUID();
    // Saved while its discovery was fine (this app instance has never discovered it).
    await t.database.tenant(admin.tenantId, (tx) =>
      tx.insert(identityProviders).values({
        id,
        tenantId: admin.tenantId,
        name: 'Moved IdP',
        type: 'OpenId',
        buttonText: 'Moved IdP',
        clientId: IDP_CLIENT_ID,
        clientSecret: t.app.services.secrets.seal(
          sealedAt.identityProviderClientSecret(admin.tenantId, id),
          IDP_SECRET,
        ),
        issuer: `${issuer}/moved`,
      }),
    );
    authorizationEndpoint = 'https://evil.example/authorize';
    const started = await t.app.inject({ method: 'GET', url: ssoStartPath(id) });
    expect(started.statusCode).toBe(302);
    expect(started.headers.location).toBe('/auth/login?ssoError=SSO_FAILED');
    expect(started.headers['set-cookie']).toBeUndefined();
  });
});
