import {
  API_TOKEN_MESSAGES,
  apiTokenEndpoints,
  authPolicyEndpoints,
  MESSAGES,
  mfaEndpoints,
} from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, createTestApp, type TestUser, useTestApp } from '../../../test/app.js';
import { apiTokens } from '../../db/schema/index.js';
import { scimClient } from '../scim/scim.test-helpers.js';
import { createApiToken, withToken } from './api-tokens.test-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'Step-up-password1';

/** The code an authenticator app shows `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const body = (name: string, proof: { code?: string; password?: string } = {}) => ({
  name,
  scope: 'admin' as const,
  expiresAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
  ...proof,
});

describe('creating an API token asks a creator who has a second factor for the step-up', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** An enabled authenticator for the user; answers its secret. */
  async function enrol(u: TestUser) {
    const { id, otpPathUrl } = (await api.call(u, mfaEndpoints.create, { body: { name: 'Phone' } })).result();
    const secret = new URL(otpPathUrl).searchParams.get('secret')!;
    await api.call(u, mfaEndpoints.verify, { params: { id }, body: { code: codeOf(secret) } }).then((r) => {
      expect(r.statusCode).toBe(200);
    });
    return secret;
  }

  const tokenNames = async (u: TestUser) =>
    (await api.call(u, apiTokenEndpoints.list)).result().apiTokens.map((token) => token.name);

  it('refuses the session alone, and a wrong code; takes a current code or the password', async () => {
    const admin = await createTenantWithUser(t, { password: PASSWORD });
    const secret = await enrol(admin);

    const bare = await api.call(admin, apiTokenEndpoints.create, { body: body('Bare') });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({ code: MESSAGES.mfaStepUpRequired });
    const wrong = await api.call(admin, apiTokenEndpoints.create, {
      body: body('Wrong', { code: '000000' }),
    });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TOTP', fields: { code: MESSAGES.mfaCodeIncorrect } });
    expect(await tokenNames(admin)).toEqual([]);

    const withCode = await api.call(admin, apiTokenEndpoints.create, {
      body: body('With code', { code: codeOf(secret, 1) }),
    });
    expect(withCode.statusCode).toBe(201);
    const withPassword = await api.call(admin, apiTokenEndpoints.create, {
      body: body('With password', { password: PASSWORD }),
    });
    expect(withPassword.statusCode).toBe(201);
    expect(await tokenNames(admin)).toEqual(['With code', 'With password']);
  });

  it('answers a name already taken before asking for the step-up', async () => {
    const admin = await createTenantWithUser(t, { password: PASSWORD });
    await createApiToken(t, admin, { name: 'Nightly' });
    await enrol(admin);
    const again = await api.call(admin, apiTokenEndpoints.create, { body: body('nightly') });
    expect(again.json()).toMatchObject({ statusCode: 409, fields: { name: API_TOKEN_MESSAGES.nameTaken } });
  });

  it('asks nothing of a creator without a factor', async () => {
    const admin = await createTenantWithUser(t);
    expect((await api.call(admin, apiTokenEndpoints.create, { body: body('Plain') })).statusCode).toBe(201);
  });
});

describe("a token made in its creator's MFA grace period", () => {
  let ahead = 0;
  const t = useTestApp(() => createTestApp({}, { clock: () => Date.now() + ahead }));
  const api = apiCaller(t);

  /** A tenant that requires MFA of everyone from now on, with 7 days to enrol. */
  async function requiringMfa() {
    const admin = await createTenantWithUser(t);
    await api.call(admin, authPolicyEndpoints.update, { body: { mfaPolicy: 'everyone', mfaGraceDays: 7 } });
    return admin;
  }

  const users = (token: string) => withToken(t, token, { method: 'GET', url: '/api/v1/users' });

  it('stops working when the grace period ends, until its creator enrols', async () => {
    ahead = 0;
    const admin = await requiringMfa();
    const { token, id } = await createApiToken(t, admin);
    const [row] = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(apiTokens).where(eq(apiTokens.id, id)),
    );
    const graceUntil = row!.createdInMfaGraceUntil!.getTime();
    expect(Math.abs(graceUntil - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect((await users(token)).statusCode).toBe(200);

    ahead = 6 * DAY_MS;
    expect((await users(token)).statusCode).toBe(200);
    ahead = 8 * DAY_MS;
    const refused = await users(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'INVALID_SESSION_EXCEPTION',
      message: API_TOKEN_MESSAGES.mfaGraceOver,
    });
    expect(refused.headers['www-authenticate']).toContain('invalid_token');
    // A SCIM client is refused the same way.
    const scimToken = await (async () => {
      ahead = 0;
      const created = await createApiToken(t, admin, { scope: 'scim' });
      ahead = 8 * DAY_MS;
      return created.token;
    })();
    const scim = await scimClient(t, scimToken)('GET', '/Users');
    expect(scim.statusCode).toBe(401);
    expect(scim.json().detail).toBe(API_TOKEN_MESSAGES.mfaGraceOver);

    // Once the creator has a factor, the token works again: the password alone made it no more.
    const { id: deviceId, otpPathUrl } = (
      await api.call(admin, mfaEndpoints.create, { body: { name: 'Phone' } })
    ).result();
    const secret = new URL(otpPathUrl).searchParams.get('secret')!;
    await api.call(admin, mfaEndpoints.verify, { params: { id: deviceId }, body: { code: codeOf(secret) } });
    expect((await users(token)).statusCode).toBe(200);
  });

  it('is unaffected when the tenant requires no factor, or the creator had one', async () => {
    ahead = 0;
    const free = await createTenantWithUser(t);
    const plain = await createApiToken(t, free);
    const enrolled = await requiringMfa();
    const { id, otpPathUrl } = (
      await api.call(enrolled, mfaEndpoints.create, { body: { name: 'Phone' } })
    ).result();
    const secret = new URL(otpPathUrl).searchParams.get('secret')!;
    await api.call(enrolled, mfaEndpoints.verify, { params: { id }, body: { code: codeOf(secret) } });
    const proven = await createApiToken(t, enrolled, { proof: { code: codeOf(secret, 1) } });

    // Past the grace period, before the 30 days of the tokens run out.
    ahead = 20 * DAY_MS;
    expect((await users(plain.token)).statusCode).toBe(200);
    expect((await users(proven.token)).statusCode).toBe(200);
  });
});
