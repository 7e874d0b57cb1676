import {
  MESSAGES,
  MFA_POLICY_MESSAGES,
  passkeyEndpoints,
  ssoEndpoints,
  ssoStartPath,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, cookieFrom, createTenantWithUser, type TestUser } from '../../../test/app.js';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator.js';
import { auditEvents, rateLimits } from '../../db/schema/index.js';
import {
  createProvider,
  PUBLIC_URL,
  providerBody,
  signInAtProvider,
  ssoCookieFrom,
  useSsoApps,
} from './sso.test-helpers.js';

type Options = { challenge: string };

/** A passkey is a factor like an authenticator: a provider sign-in asks for it too. */
describe('single sign-on of a user whose factor is a passkey', () => {
  const { idp, t } = useSsoApps([
    { sub: 'ada-1', email: 'ada@acme.example', givenName: 'Ada', familyName: 'L' },
  ]);
  const api = apiCaller(t);
  const authenticator = () => new SoftwareAuthenticator(new URL(PUBLIC_URL).hostname, PUBLIC_URL);

  let host = 0;
  const get = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: `2001:db8::7:${(host++).toString(16)}`,
      headers: cookie ? { cookie } : {},
    });

  /** A tenant whose administrator (ada@acme.example) has a passkey and nothing else. */
  async function passkeyUser(): Promise<{ admin: TestUser; providerId: string; key: SoftwareAuthenticator }> {
    const admin = await createTenantWithUser(t, { email: 'ada@acme.example' });
    const key = authenticator();
    const options = (await api.call(admin, passkeyEndpoints.registrationOptions)).result().options;
    const created = await api.call(admin, passkeyEndpoints.create, {
      body: { name: 'Laptop', response: key.register(options as Options) },
    });
    expect(created.statusCode).toBe(201);
    const providerId = await createProvider(t, admin, providerBody(idp.issuer));
    return { admin, providerId, key };
  }

  /** Through the provider: where the browser lands. */
  async function throughProvider(providerId: string) {
    const started = await get(ssoStartPath(providerId));
    return get(
      await signInAtProvider(idp, String(started.headers.location), 'ada-1'),
      ssoCookieFrom(started),
    );
  }
  /** The MFA step's ticket on the login page the provider's return lands on (32 random bytes, base64url). */
  const ticketOf = (back: { headers: { location?: unknown } }) => {
    const ticket = new URL(String(back.headers.location), PUBLIC_URL).searchParams.get('ssoTicket');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return ticket as string;
  };
  const factorsFor = (ticket: string) => api.call(null, ssoEndpoints.secondFactor, { body: { ticket } });

  it('sends the user to the MFA step, which offers the passkey and signs in with it', async () => {
    const { admin, providerId, key } = await passkeyUser();
    const back = await throughProvider(providerId);
    // Signed in on the provider's word alone before: now no session without the passkey.
    expect(back.headers['set-cookie']).toBeUndefined();
    const ticket = ticketOf(back);

    const factors = (await factorsFor(ticket)).result();
    expect(factors.totp).toBe(false);
    const options = factors.passkeyOptions as unknown as Options & { allowCredentials: { id: string }[] };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const ok = await api.call(null, ssoEndpoints.complete, {
      body: { ticket: ticket, passkey: key.assert(options) },
    });
    expect(ok.result()).toMatchObject({ id: admin.userId });
    const session = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(ok) });
    expect(session.json().id).toBe(admin.userId);
    const challenges = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'mfa-challenge'), eq(auditEvents.method, 'sso'))),
    );
    expect(challenges.map((event) => [event.targetType, event.outcome])).toEqual([['passkey', 'success']]);
  });

  it('refuses another passkey and counts it on the user’s limit; the ticket stays for a retry', async () => {
    const { admin, providerId, key } = await passkeyUser();
    const back = await throughProvider(providerId);
    const ticket = ticketOf(back);
    const first = (await factorsFor(ticket)).result().passkeyOptions as unknown as Options;
    const wrong = await api.call(null, ssoEndpoints.complete, {
      body: { ticket, passkey: authenticator().assert(first) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TOTP', message: MFA_POLICY_MESSAGES.passkeyFailed });
    const tries = () =>
      t.database.system(async (tx) => {
        const key = `totp:user:${admin.userId}`;
        const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key));
        return row?.hits ?? 0;
      });
    expect(await tries()).toBe(1);
    const again = (await factorsFor(ticket)).result().passkeyOptions as unknown as Options;
    const ok = await api.call(null, ssoEndpoints.complete, { body: { ticket, passkey: key.assert(again) } });
    expect(ok.statusCode).toBe(200);
    // The right answer gave its try back.
    expect(await tries()).toBe(1);
  });

  it('answers the MFA step’s factors for a good ticket only', async () => {
    const made = await factorsFor('made-up');
    expect(made.json()).toMatchObject({ code: 'SSO_FAILED', message: MESSAGES.ssoTicketExpired });
  });
});
