import { connectionEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  captureLog,
  createTenantWithUser,
  createTestApp,
  useOpened,
  useTestApp,
} from '../../../test/app.js';
import { startSalesforceStandIn } from '../../../test/salesforce-stand-in.js';
import { auditEvents, oauthStates } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import {
  backupBody,
  browserFlow,
  ENCRYPTION_KEY,
  landedOn,
  plainBody,
  seedStorage,
  storedConnection,
} from './connections.test-helpers.js';

/** Salesforce's OAuth web-server flow end to end, against a local server that speaks its endpoints. */
describe('Salesforce connections over OAuth', () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => createTestApp({ ...sf.env(), PUBLIC_URL: 'https://console.example.com' }));
  const api = apiCaller(t);

  const { comeBack, startCreate, listed } = browserFlow(t);

  it('takes a connection from Create through the Salesforce login to connected, then renews and deletes it', async () => {
    const u = await createTenantWithUser(t, { services: ['backup'] });
    const storageId = await seedStorage(t, u.tenantId, 'vault');
    const created = await api.call(u, connectionEndpoints.create, {
      body: backupBody('acme-prod', storageId),
    });
    expect(created.statusCode).toBe(201);
    const loginUri = new URL(created.json().loginURI);

    // The login address: the configured Production login server, our client, PKCE S256 and a state.
    expect(`${loginUri.origin}${loginUri.pathname}`).toBe(`${sf.url}/services/oauth2/authorize`);
    const q = loginUri.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      response_type: 'code',
      client_id: sf.clientId,
      redirect_uri: 'https://console.example.com/api/v1/connections/oauth/callback',
      code_challenge_method: 'S256',
      scope: 'api refresh_token',
    });
    expect(q.get('state')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    const [pending] = await listed(u);
    expect(pending).toMatchObject({ name: 'acme-prod', status: 'pending', userName: '', lastError: null });

    // The state is kept hashed with its verifier sealed, for ten minutes.
    const [state] = await t.database.system((tx) => tx.select().from(oauthStates));
    expect(state!.stateHash).not.toContain(q.get('state')!);
    expect(state!.codeVerifier).toMatch(/^v2\./);
    expect(state!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(state).toMatchObject({ tenantId: u.tenantId, userId: u.userId, targetId: pending.id });

    const back = await sf.follow(loginUri.toString());
    expect(landedOn(await comeBack(u, back))).toBe(`/connections?connected=${pending.id}`);

    const [connected] = await listed(u);
    expect(connected).toMatchObject({
      status: 'connected',
      userName: 'admin@acme.example.com',
      lastError: null,
    });
    const row = await storedConnection(t, u.tenantId, pending.id);
    expect(row).toMatchObject({
      orgId: '00D000000000001EAA',
      salesforceUserId: '005000000000001AAA',
      salesforceUsername: 'admin@acme.example.com',
      instanceUrl: sf.url,
      storageId,
    });
    expect(row.connectedAt).toBeInstanceOf(Date);
    // Tokens and key are sealed at rest, and the tokens work at Salesforce.
    for (const sealed of [row.accessToken, row.refreshToken, row.encryptionKey])
      expect(sealed).toMatch(/^v2\./);
    const { secrets } = t.app.services;
    const keyAt = sealedAt.connectionEncryptionKey(u.tenantId, row.id);
    expect(secrets.open(keyAt, row.encryptionKey!)).toBe(ENCRYPTION_KEY);
    const refreshToken = secrets.open(sealedAt.connectionRefreshToken(u.tenantId, row.id), row.refreshToken!);
    expect(sf.isActive(refreshToken)).toBe(true);
    const accessToken = secrets.open(sealedAt.connectionAccessToken(u.tenantId, row.id), row.accessToken!);
    const answered = (await api.call(u, connectionEndpoints.list)).body;
    for (const secret of [refreshToken, accessToken, ENCRYPTION_KEY]) expect(answered).not.toContain(secret);
    // The state was single use.
    expect(await t.database.system((tx) => tx.select().from(oauthStates))).toHaveLength(0);
    expect(landedOn(await comeBack(u, back))).toBe('/connections?failed=state');

    // Update Token: the same flow for the existing connection; the old refresh token is revoked.
    const renewed = await api.call(u, connectionEndpoints.renew, {
      params: { id: pending.id },
      body: {
        connectionId: pending.id,
        organizationType: 'Production',
        authorizationMethod: 'authorization_code',
      },
    });
    expect(renewed.statusCode).toBe(200);
    const again = await sf.follow(renewed.json().loginUri);
    expect(landedOn(await comeBack(u, again))).toBe(`/connections?connected=${pending.id}`);
    const renewedRow = await storedConnection(t, u.tenantId, pending.id);
    const newRefresh = t.app.services.secrets.open(
      sealedAt.connectionRefreshToken(u.tenantId, pending.id),
      renewedRow.refreshToken!,
    );
    expect(newRefresh).not.toBe(refreshToken);
    await expect.poll(() => sf.isActive(refreshToken)).toBe(false);

    // Delete: gone from the list, its Salesforce token revoked.
    expect((await api.call(u, connectionEndpoints.remove, { params: { id: pending.id } })).statusCode).toBe(
      204,
    );
    expect(await listed(u)).toEqual([]);
    await expect.poll(() => sf.revoked.includes(newRefresh)).toBe(true);

    const actions = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, pending.id)).orderBy(auditEvents.seq),
    );
    expect(actions.map((a) => a.action)).toEqual(['create', 'connect', 'renew', 'connect', 'delete']);
    const trail = JSON.stringify(actions);
    for (const secret of [ENCRYPTION_KEY, refreshToken, newRefresh]) expect(trail).not.toContain(secret);
  });

  it('logs Sandboxes in at the sandbox login server', async () => {
    const sandboxStandIn = await startSalesforceStandIn();
    const app = await createTestApp({ ...sf.env(), SALESFORCE_SANDBOX_LOGIN_URL: sandboxStandIn.url });
    try {
      const u = await createTenantWithUser(app, { services: [] });
      const res = await apiCaller(app).call(u, connectionEndpoints.create, {
        body: plainBody('qa-box', 'Sandbox'),
      });
      expect(new URL(res.json().loginURI).origin).toBe(sandboxStandIn.url);
    } finally {
      await app.close();
      await sandboxStandIn.close();
    }
  });

  it('keeps a working connection when Update Token logs in to another org', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const first = await sf.follow((await startCreate(u, 'one-org')).toString());
    landedOn(await comeBack(u, first));
    const [row] = await listed(u);
    const renew = await api.call(u, connectionEndpoints.renew, {
      params: { id: row.id },
      body: {
        connectionId: row.id,
        organizationType: 'Production',
      },
    });
    sf.state.user = { username: 'other@else.example.com', userId: '005OTHER', orgId: '00DOTHER' };
    const back = await sf.follow(renew.json().loginUri).finally(() => {
      sf.state.user = {
        username: 'admin@acme.example.com',
        userId: '005000000000001AAA',
        orgId: '00D000000000001EAA',
      };
    });
    expect(landedOn(await comeBack(u, back))).toBe(`/connections?failed=${row.id}`);
    expect((await listed(u))[0]).toMatchObject({
      status: 'connected',
      userName: 'admin@acme.example.com',
      lastError: expect.stringContaining('another Salesforce org'),
    });
  });

  it('never logs the code, the state, the tokens or the encryption key', async () => {
    const log = captureLog();
    const app = await createTestApp({ ...sf.env(), LOG_LEVEL: 'trace' }, { logStream: log.stream });
    try {
      const u = await createTenantWithUser(app, { services: ['backup'] });
      const storageId = await seedStorage(app, u.tenantId, 'logged');
      const created = await apiCaller(app).call(u, connectionEndpoints.create, {
        body: backupBody('quiet-org', storageId),
      });
      const back = await sf.follow(created.json().loginURI);
      const res = await call(app, { method: 'GET', url: `${back.pathname}${back.search}`, cookie: u.cookie });
      const id = new URL(String(res.headers.location), 'http://x').searchParams.get('connected')!;
      const row = await storedConnection(app, u.tenantId, id);
      const { secrets } = app.app.services;
      expect(log.text()).toContain('/api/v1/connections/oauth/callback');
      for (const secret of [
        back.searchParams.get('code')!,
        back.searchParams.get('state')!,
        secrets.open(sealedAt.connectionAccessToken(u.tenantId, id), row.accessToken!),
        secrets.open(sealedAt.connectionRefreshToken(u.tenantId, id), row.refreshToken!),
        ENCRYPTION_KEY,
      ]) {
        expect(log.text()).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });

  it('answers 503 and creates nothing when Salesforce is not configured', async () => {
    const app = await createTestApp();
    try {
      const u = await createTenantWithUser(app, { services: [] });
      const res = await apiCaller(app).call(u, connectionEndpoints.create, { body: plainBody('no-sf') });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message:
          'Salesforce connections are not available yet: the platform operator has not set up the Salesforce integration. Contact your success manager or the support team of this service to have it set up.',
      });
      // Words for an administrator: no setting of the operator's is named.
      expect(res.json().message).not.toMatch(/SALESFORCE_/);
      expect((await apiCaller(app).call(u, connectionEndpoints.list)).json().count).toBe(0);
      const id = '3f0c6a52-4f0e-4d36-9a40-0d7a0c3f1a11';
      const renew = await apiCaller(app).call(u, connectionEndpoints.renew, {
        params: { id },
        body: {
          connectionId: id,
          organizationType: 'Production',
        },
      });
      expect(renew.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
