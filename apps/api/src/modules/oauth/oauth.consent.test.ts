import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import {
  answerConsent,
  authorizationRequest,
  browserFetch,
  CALLBACK,
  CookieJar,
  insertApplication,
  type Navigation,
  navigate,
  startOAuthApp,
  type TestClient,
} from '../../../test/oauth-client.js';
import { applications, auditEvents } from '../../db/schema/index.js';

/** A multi-tenant app asks users of other tenants before it signs them in; its own tenant's users are not asked. */
describe('authorization server: consent for apps of another tenant', () => {
  let owner: TestUser;
  let stranger: TestUser;
  let shared: TestClient;

  const t = useTestApp(() => startOAuthApp());
  beforeAll(async () => {
    owner = await createTenantWithUser(t);
    stranger = await createTenantWithUser(t);
    shared = await insertApplication(t, owner.tenantId, { shared: true });
  });

  async function authorize(app: TestClient, jar: CookieJar, params: Record<string, string> = {}) {
    const request = await authorizationRequest(t, app, { scope: 'openid email', ...params });
    const end = await navigate(t, jar, request.url);
    const exchange = (at: Navigation = end) => request.exchange(at.url);
    return { end, exchange };
  }

  const answer = (jar: CookieJar, page: Navigation, decision: 'allow' | 'deny') =>
    answerConsent(t, jar, page, decision);

  const strangerSub = () => `${stranger.tenantId}:${stranger.userId}`;

  const appName = async (app: TestClient) => {
    const [row] = await t.database.system((tx) =>
      tx.select({ name: applications.name }).from(applications).where(eq(applications.id, app.id)),
    );
    return row!.name;
  };

  it('asks a user of another tenant, naming the app, both tenants and what it may do', async () => {
    const jar = new CookieJar(stranger.cookie);
    const { end } = await authorize(shared, jar, { scope: 'openid email profile' });
    expect(end.response.status).toBe(200);
    expect(end.url.pathname).toMatch(/^\/oauth\/interaction\/[\w-]+$/);
    expect(end.response.headers.get('content-type')).toMatch(/text\/html/);
    expect(end.response.headers.get('cache-control')).toBe('no-store');
    const html = await end.response.text();
    expect(html).toContain(`<title>Allow ${await appName(shared)}?</title>`);
    expect(html).toContain(`a Connected App of the tenant <strong>${owner.tenantName}</strong>`);
    expect(html).toContain(
      `as <strong>${stranger.email}</strong> of the tenant <strong>${stranger.tenantName}</strong>`,
    );
    expect(html).toContain('<li>See your e-mail address</li>');
    expect(html).toContain('<li>See your name</li>');
    expect(html).not.toContain('refresh token');
    expect(html).toContain(`action="${end.url.pathname}/allow"`);
    expect(html).toContain(`action="${end.url.pathname}/deny"`);
  });

  it('signs the user in after Allow, audited in their tenant, and does not ask again in the same session', async () => {
    const jar = new CookieJar(stranger.cookie);
    const first = await authorize(shared, jar);
    const back = await answer(jar, first.end, 'allow');
    expect(back.url.origin + back.url.pathname).toBe(CALLBACK);
    const tokens = await first.exchange(back);
    expect(tokens.claims()).toMatchObject({
      sub: strangerSub(),
      tenant_id: stranger.tenantId,
    });

    const events = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, shared.id), eq(auditEvents.actorId, stranger.userId))),
    );
    expect(events.map((event) => [event.tenantId, event.action])).toContainEqual([
      stranger.tenantId,
      'authorize',
    ]);

    const again = await authorize(shared, jar);
    expect(again.end.url.origin + again.end.url.pathname).toBe(CALLBACK);
    expect((await again.exchange()).claims()?.sub).toBe(strangerSub());

    // prompt=consent asks again.
    const asked = await authorize(shared, jar, { prompt: 'consent' });
    expect(asked.end.response.status).toBe(200);
    expect(asked.end.url.pathname).toMatch(/^\/oauth\/interaction\//);
  });

  it('answers access_denied to the app after Deny, and issues no code', async () => {
    const jar = new CookieJar(stranger.cookie);
    const { end } = await authorize(shared, jar, { prompt: 'consent' });
    const back = await answer(jar, end, 'deny');
    expect(back.url.origin + back.url.pathname).toBe(CALLBACK);
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    expect(back.url.searchParams.get('error_description')).toBe('The user did not allow the application.');
    expect(back.url.searchParams.get('code')).toBeNull();
    const [denied] = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, shared.id), eq(auditEvents.action, 'deny-authorization'))),
    );
    expect(denied).toMatchObject({ tenantId: stranger.tenantId, actorId: stranger.userId });
  });

  it("refuses an answer posted from another site, and one without the interaction's cookie", async () => {
    const jar = new CookieJar(stranger.cookie);
    const { end, exchange } = await authorize(shared, jar, { prompt: 'consent' });
    const forged = await browserFetch(jar, new URL(`${end.url.pathname}/allow`, t.baseUrl), {
      method: 'POST',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    for (const site of ['cross-site', 'same-site']) {
      const refused = await browserFetch(jar, new URL(`${end.url.pathname}/allow`, t.baseUrl), {
        method: 'POST',
        headers: { 'sec-fetch-site': site, origin: t.baseUrl },
      });
      expect(refused.status).toBe(403);
    }

    // The console session alone (a cross-site post carries no SameSite=Lax interaction cookie) is not enough.
    const sessionOnly = await browserFetch(
      new CookieJar(stranger.cookie),
      new URL(`${end.url.pathname}/allow`, t.baseUrl),
      { method: 'POST' },
    );
    expect(sessionOnly.status).toBe(400);
    expect(sessionOnly.headers.get('location')).toBeNull();

    // The real page still works afterwards.
    const back = await answer(jar, end, 'allow');
    expect((await exchange(back)).claims()?.sub).toBe(strangerSub());
  });

  it("authorizes the app's own tenant's users at once", async () => {
    const { end, exchange } = await authorize(shared, new CookieJar(owner.cookie));
    expect(end.url.origin + end.url.pathname).toBe(CALLBACK);
    expect((await exchange()).claims()?.sub).toBe(`${owner.tenantId}:${owner.userId}`);
  });

  it('sends a browser without a console session to the login page first', async () => {
    const { end } = await authorize(shared, new CookieJar());
    expect(end.url.pathname).toBe('/auth/login');
    const decision = await browserFetch(
      new CookieJar(),
      new URL('/oauth/interaction/unknown/allow', t.baseUrl),
      {
        method: 'POST',
      },
    );
    expect(decision.status).toBe(400);
  });
});
