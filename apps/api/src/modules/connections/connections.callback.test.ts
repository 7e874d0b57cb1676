import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser, createTestApp, signIn, useOpened, useTestApp } from '../../../test/app.js';
import { startSalesforceStandIn } from '../../../test/salesforce-stand-in.js';
import { oauthStates, users } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { browserFlow, landedOn } from './connections.test-helpers.js';

/** The ways back from the Salesforce login that must not connect anything. */
describe('Salesforce login callback refusals', () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => createTestApp(sf.env()));

  const { comeBack, startCreate, listed } = browserFlow(t);

  it('marks the connection failed with a readable reason when the login is denied', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const loginUri = await startCreate(u, 'denied-org');
    sf.state.decision = 'deny';
    const back = await sf.follow(loginUri.toString()).finally(() => {
      sf.state.decision = 'approve';
    });
    const [row] = await listed(u);
    expect(landedOn(await comeBack(u, back))).toBe(`/connections?failed=${row.id}`);
    expect((await listed(u))[0]).toMatchObject({
      status: 'failed',
      lastError: 'Access was denied at the Salesforce login. Use Update Token to try again.',
    });
  });

  it('fails the login when the PKCE verifier does not match the challenge', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const back = await sf.follow((await startCreate(u, 'pkce-org')).toString());
    // Another verifier than the one the challenge was made from, as if the state had been swapped.
    await t.database.system(async (tx) => {
      for (const state of await tx.select().from(oauthStates).where(eq(oauthStates.tenantId, u.tenantId))) {
        const at = sealedAt.oauthStateCodeVerifier(u.tenantId, state.stateHash);
        await tx
          .update(oauthStates)
          .set({ codeVerifier: t.app.services.secrets.seal(at, 'x'.repeat(43)) })
          .where(eq(oauthStates.id, state.id));
      }
    });
    const [row] = await listed(u);
    expect(landedOn(await comeBack(u, back))).toBe(`/connections?failed=${row.id}`);
    const [failed] = await listed(u);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toContain('invalid code verifier');
  });

  it("refuses the callback in another user's session, or without one, and keeps the state for its owner", async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const back = await sf.follow((await startCreate(u, 'owned-org')).toString());
    const colleague = await t.database.tenant(u.tenantId, async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          tenantId: u.tenantId,
          email: `c-${u.userId}@example.com`,
          firstName: 'C',
          lastName: 'D',
          isAdmin: true,
          status: 'Confirmed',
        })
        .returning({ id: users.id });
      return row!.id;
    });
    const colleagueCookie = await signIn(t, u.tenantId, colleague);
    const stranger = await createTenantWithUser(t, { services: [] });

    expect(landedOn(await comeBack({ ...u, cookie: colleagueCookie }, back))).toBe(
      '/connections?failed=state',
    );
    expect(landedOn(await comeBack(stranger, back))).toBe('/connections?failed=state');
    expect(landedOn(await comeBack(null, back))).toBe('/connections?failed=state');
    expect((await listed(u))[0].status).toBe('pending');
    expect(landedOn(await comeBack(u, back))).toMatch(/^\/connections\?connected=/);
  });

  it('refuses unknown and expired states', async () => {
    const u = await createTenantWithUser(t, { services: [] });
    const back = await sf.follow((await startCreate(u, 'late-org')).toString());
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-a-state-we-issued');
    expect(landedOn(await comeBack(u, forged))).toBe('/connections?failed=state');
    await t.database.system((tx) =>
      tx
        .update(oauthStates)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oauthStates.tenantId, u.tenantId)),
    );
    expect(landedOn(await comeBack(u, back))).toBe('/connections?failed=state');
    expect((await listed(u))[0].status).toBe('pending');
  });
});
