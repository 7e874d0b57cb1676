import { authEndpoints, mfaEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { loadConfig } from '../../config.js';
import { auditEvents } from '../../db/schema/index.js';
import { currentCode } from './totp.js';

const LIMIT = loadConfig({}).limits.totpFailuresPerUser.max;
const PASSWORD = 'Tries-password1';
const GUESSES = 20;
const secretOf = (otpPathUrl: string) => new URL(otpPathUrl).searchParams.get('secret')!;
const nextCode = (secret: string) => currentCode(secret, Date.now() + 30_000);

/*
 * The per-user limit of second-factor guesses holds under parallel guesses: each try is counted before
 * it is checked, in one statement. Meaningful on PostgreSQL (TEST_DATABASE_URL), where the requests run
 * on several connections at once; on PGlite they pass one at a time.
 */
describe('the TOTP and recovery-code limit under parallel guesses', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  async function enrolled() {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const created = (await api.call(u, mfaEndpoints.create, { body: { name: 'Phone' } })).result();
    const secret = secretOf(created.otpPathUrl);
    const verified = await api.call(u, mfaEndpoints.verify, {
      params: { id: created.id },
      body: { code: currentCode(secret) },
    });
    return { u, deviceId: created.id, secret, recoveryCodes: verified.result().recoveryCodes! };
  }

  /** The second-factor checks the audit trail recorded for the user's sign-ins (each guess checked). */
  const checkedGuesses = (u: TestUser) =>
    t.database.tenant(u.tenantId, async (tx) =>
      (
        await tx
          .select({ outcome: auditEvents.outcome })
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'mfa-challenge'), eq(auditEvents.actorId, u.userId)))
      ).filter((event) => event.outcome === 'failure'),
    );

  const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode);

  it(`checks at most ${LIMIT} of ${GUESSES} parallel wrong codes at login, then refuses the right one`, async () => {
    const { u, secret } = await enrolled();
    const form = { tenantName: u.tenantName, email: u.email, password: PASSWORD };
    const wrong = (i: number) => String((Number(nextCode(secret)) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        api.call(null, authEndpoints.login, { body: { ...form, code: wrong(i) } }),
      ),
    );
    const checked = statuses(answers).filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(LIMIT);
    expect(checked.every((status) => status === 400)).toBe(true);
    expect((await checkedGuesses(u)).length).toBeLessThanOrEqual(LIMIT);
    const right = await api.call(null, authEndpoints.login, { body: { ...form, code: nextCode(secret) } });
    expect(right.statusCode).toBe(429);
  });

  it(`checks at most ${LIMIT} of ${GUESSES} parallel wrong recovery codes, then refuses a right one`, async () => {
    const { u, recoveryCodes } = await enrolled();
    const form = { tenantName: u.tenantName, email: u.email, password: PASSWORD };
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        api.call(null, authEndpoints.login, {
          body: { ...form, recoveryCode: `wrong-${String(i).padStart(5, 'a').replace(/\d/g, 'b')}` },
        }),
      ),
    );
    expect(statuses(answers).filter((status) => status !== 429).length).toBeLessThanOrEqual(LIMIT);
    expect((await checkedGuesses(u)).length).toBeLessThanOrEqual(LIMIT);
    const right = await api.call(null, authEndpoints.login, {
      body: { ...form, recoveryCode: recoveryCodes[0]! },
    });
    expect(right.statusCode).toBe(429);
  });

  it(`checks at most ${LIMIT} of ${GUESSES} parallel wrong step-up codes`, async () => {
    const { u, deviceId, secret } = await enrolled();
    const params = { id: deviceId };
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, () =>
        api.call(u, mfaEndpoints.disable, { params, body: { code: '000000' } }),
      ),
    );
    expect(statuses(answers).filter((status) => status !== 429).length).toBeLessThanOrEqual(LIMIT);
    const right = await api.call(u, mfaEndpoints.disable, { params, body: { code: nextCode(secret) } });
    expect(right.statusCode).toBe(429);
    expect((await api.call(u, mfaEndpoints.get, { params })).result().status).toBe('Enable');
  });

  it('gives a right answer its try back: only failures use the limit up', async () => {
    const { u, secret } = await enrolled();
    const form = { tenantName: u.tenantName, email: u.email, password: PASSWORD };
    for (let i = 0; i < LIMIT - 1; i += 1) {
      const wrong = await api.call(null, authEndpoints.login, { body: { ...form, code: '000000' } });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await api.call(null, authEndpoints.login, { body: { ...form, code: nextCode(secret) } });
    expect(right.statusCode).toBe(200);
    // One failure is still left: the right answer did not count.
    expect(
      (await api.call(null, authEndpoints.login, { body: { ...form, code: '000000' } })).statusCode,
    ).toBe(400);
  });
});
