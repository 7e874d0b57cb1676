import { connectionEndpoints, systemEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, createTestApp, useTestApp } from '../../../test/app.js';

describe('system calls', () => {
  const t = useTestApp(() =>
    createTestApp({
      SERVICE_URL_BACKUP: 'https://backup.example.com',
      SERVICE_URL_DEVOPS: 'https://devops.example.com',
      PUBLIC_URL: 'https://console.example.com/',
    }),
  );
  const api = apiCaller(t);

  it('GET /api/v1/brand answers the configured brand, and that visitors may sign up (SIGNUP_MODE open)', async () => {
    const res = await api.call(null, systemEndpoints.brand);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ brand: 'skyvault', signUp: 'open' });
  });

  it('GET /api/v1/links needs a session', async () => {
    const res = await api.call(null, systemEndpoints.links);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'INVALID_SESSION_EXCEPTION' });
  });

  it('GET /api/v1/links lists only the services the tenant has', async () => {
    const both = await createTenantWithUser(t, { services: ['backup', 'devOps'] });
    const res = await api.call(both, systemEndpoints.links);
    expect(res.json()).toEqual({
      backup: 'https://backup.example.com',
      devOps: 'https://devops.example.com',
    });

    const devOpsOnly = await createTenantWithUser(t, { services: ['devOps'], isAdmin: false });
    const res2 = await api.call(devOpsOnly, systemEndpoints.links);
    expect(res2.json()).toEqual({ devOps: 'https://devops.example.com' });
  });

  it('GET /api/v1/provisioning answers administrators the SCIM base URL, from PUBLIC_URL', async () => {
    const admin = await createTenantWithUser(t);
    const res = await api.call(admin, systemEndpoints.provisioning);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scimBaseUrl: 'https://console.example.com/scim/v2' });
    const member = await createTenantWithUser(t, { isAdmin: false });
    expect((await api.call(member, systemEndpoints.provisioning)).json()).toMatchObject({
      statusCode: 403,
      code: 'INSUFFICIENT_ACCESS',
    });
    expect((await api.call(null, systemEndpoints.provisioning)).statusCode).toBe(401);
  });

  it('GET /api/v1/capabilities says Salesforce is not set up, and whom to contact (none here)', async () => {
    const member = await createTenantWithUser(t, { isAdmin: false });
    expect((await api.call(member, systemEndpoints.capabilities)).result()).toEqual({
      salesforceConnections: false,
      supportContact: null,
    });
    expect((await api.call(null, systemEndpoints.capabilities)).statusCode).toBe(401);
  });

  it('GET /api/analytics is disabled without a token and host', async () => {
    const res = await api.call(null, systemEndpoints.analytics);
    expect(res.json()).toEqual({ token: '', host: '', isEnabled: false });
  });

  it('answers liveness and readiness', async () => {
    expect((await api.send(null, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await api.send(null, 'GET', '/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('documents the API in OpenAPI from the contract', async () => {
    const res = await api.send(null, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/brand'].get.responses['200'].content['application/json'].schema).toMatchObject({
      properties: { brand: { enum: ['skyvault', 'flosum'] } },
    });
    expect(doc.paths['/api/v1/auth/session'].get.security).toEqual([{ session: [] }]);
    // API tokens: a bearer scheme, with the scopes that reach each call.
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/users'].get.security).toEqual([
      { session: [] },
      { apiToken: ['read', 'admin'] },
    ]);
    expect(doc.paths['/api/v1/users'].post.security).toEqual([{ session: [] }, { apiToken: ['admin'] }]);
    expect(doc.paths['/api/v1/api-tokens'].post.security).toEqual([{ session: [] }]);
    const ui = await api.send(null, 'GET', '/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API path with the error body', async () => {
    const res = await api.send(null, 'GET', '/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  it('refuses a state-changing call from another origin or without the console header', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brand',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const bare = await t.app.inject({ method: 'POST', url: '/api/v1/brand' });
    expect(bare.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brand',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    // Same origin passes the CSRF rule and reaches routing (no POST on this path).
    expect(sameOrigin.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await api.call(null, systemEndpoints.brand);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('operator settings administrators see', () => {
  it('GET /api/v1/capabilities answers Salesforce set up and the SUPPORT_CONTACT', async () => {
    const t = await createTestApp({
      SALESFORCE_CLIENT_ID: 'client-id',
      SALESFORCE_CLIENT_SECRET: 'client-secret',
      SUPPORT_CONTACT: 'help@platform.example.com',
    });
    try {
      const admin = await createTenantWithUser(t);
      const answer = (await apiCaller(t).call(admin, systemEndpoints.capabilities)).result();
      expect(answer).toEqual({ salesforceConnections: true, supportContact: 'help@platform.example.com' });
      // The platform's Salesforce credentials are never part of the answer.
      expect(JSON.stringify(answer)).not.toContain('client-secret');
    } finally {
      await t.close();
    }
  });

  it('the refusal of a connection names the contact instead of a setting', async () => {
    const t = await createTestApp({ SUPPORT_CONTACT: 'https://help.platform.example.com/salesforce' });
    try {
      const admin = await createTenantWithUser(t, { services: ['devOps'] });
      const res = await apiCaller(t).call(admin, connectionEndpoints.create, {
        body: { name: 'org-one', config: { organizationType: 'Production' } },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'Salesforce connections are not available yet: the platform operator has not set up the Salesforce integration. Contact https://help.platform.example.com/salesforce to have it set up.',
      );
    } finally {
      await t.close();
    }
  });
});

describe('brand setting', () => {
  it('answers flosum when BRAND=flosum', async () => {
    const t = await createTestApp({
      BRAND: 'flosum',
      ANALYTICS_TOKEN: 'phc_x',
      ANALYTICS_HOST: 'https://eu.i.posthog.com',
    });
    try {
      expect((await apiCaller(t).call(null, systemEndpoints.brand)).json()).toEqual({
        brand: 'flosum',
        signUp: 'open',
      });
      expect((await apiCaller(t).call(null, systemEndpoints.analytics)).json()).toEqual({
        token: 'phc_x',
        host: 'https://eu.i.posthog.com',
        isEnabled: true,
      });
    } finally {
      await t.close();
    }
  });
});
