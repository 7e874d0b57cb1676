import { randomUUID } from 'node:crypto';
import { mfaEndpoints } from '@skyvault/contract';
import { describe, expect, it, vi } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, createTestApp, lastMailTo, useTestApp } from '../../../test/app.js';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { currentCode } from '../mfa/totp.js';

const PASSWORD = 'Office-morning1';
const WRONG = 'Wrong-guess-11';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const knownBrowserCookie = (res: { headers: Record<string, unknown> }) => {
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] as string[])
    .find((c) => c.startsWith('skyvault_known='));
  return cookie?.split(';')[0];
};

/**
 * The abuse limits of the login: per address only failures count, so an office behind one NAT address
 * signs in freely; an account is never locked, its attempts only wait longer after failures, and its
 * owner keeps a way in.
 */
describe('login abuse limits', () => {
  // No webhook dispatcher polling beside the logins (nothing here sends webhooks).
  const t = useTestApp(() => createTestApp({ WEBHOOK_POLL_MS: '0' }));
  const api = apiCaller(t);

  const login = (
    who: { tenantName: string; email: string },
    password: string,
    extra: { remoteAddress?: string; cookie?: string; code?: string; recoveryCode?: string } = {},
  ) =>
    call(t, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: {
        tenantName: who.tenantName,
        email: who.email,
        password,
        ...(extra.code ? { code: extra.code } : {}),
        ...(extra.recoveryCode ? { recoveryCode: extra.recoveryCode } : {}),
      },
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
      ...(extra.cookie ? { cookie: extra.cookie } : {}),
    });
  const requestCode = (email: string, remoteAddress: string) =>
    call(t, { method: 'POST', url: '/api/v1/verification-codes', payload: { email }, remoteAddress });
  const verifyCode = (email: string, code: string, remoteAddress: string) =>
    call(t, {
      method: 'POST',
      url: '/api/v1/verification-codes/verify',
      payload: { email, code },
      remoteAddress,
    });

  /**
   * A guesser's wrong passwords from 12 addresses (192.0.2.<from>…), at once as a guesser sends them: each
   * is counted (an attempt that comes while the account already waits is refused uncounted), so that
   * past the free failures the account waits 64 s, long enough for the checks after it on a loaded
   * machine. One after the other, the guesses that fall within a short wait would not count.
   */
  const guesses = async (who: { tenantName: string; email: string }, from: number) => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(who, WRONG, { remoteAddress: `192.0.2.${from + i}` })),
    );
    expect(answers.every((answer) => [401, 429].includes(answer.statusCode))).toBe(true);
  };

  /** An office: `count` users of one tenant, all with PASSWORD. */
  async function office(count: number) {
    const tenant = await createTenantWithUser(t);
    const passwordHash = await hashPassword(PASSWORD);
    const tag = randomUUID().slice(0, 8);
    const staff = Array.from({ length: count }, (_, i) => ({
      tenantId: tenant.tenantId,
      email: `staff${i}-${tag}@office.example`,
      passwordHash,
      firstName: 'Staff',
      lastName: `No ${i}`,
      status: 'Confirmed' as const,
    }));
    await t.database.tenant(tenant.tenantId, (tx) => tx.insert(users).values(staff));
    return staff.map(({ email }) => ({ tenantName: tenant.tenantName, email }));
  }

  it('lets 100 users sign in from one address within a minute, by password and by e-mail code, and still refuses 30 wrong codes from it', async () => {
    const address = '198.51.100.7';
    const people = await office(100);
    for (const person of people) {
      expect((await login(person, PASSWORD, { remoteAddress: address })).statusCode).toBe(200);
    }
    for (const person of people) {
      expect((await requestCode(person.email, address)).statusCode).toBe(204);
      const code = codeIn((await lastMailTo(t, person.email)).text);
      const verified = await verifyCode(person.email, code, address);
      expect(verified.statusCode).toBe(200);
      // The e-mail flow's password step, from the browser that proved the mailbox (as the console's).
      const cookie = knownBrowserCookie(verified);
      expect(cookie).toBeDefined();
      expect((await login(person, PASSWORD, { remoteAddress: address, cookie: cookie! })).statusCode).toBe(
        200,
      );
    }
    const statuses: number[] = [];
    let last = await verifyCode(people[0]!.email, '000000', address);
    for (let i = 0; i < 30; i++) {
      last = await verifyCode(people[i % people.length]!.email, '000000', address);
      statuses.push(last.statusCode);
    }
    expect(statuses).toContain(400);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);

  it('refuses an address with too many wrong passwords, counted by its IPv6 /64', async () => {
    let last = { statusCode: 0, headers: {} as Record<string, unknown> };
    for (let i = 0; i < 51; i++) {
      // A new address of the same /64 each time, as a client may pick.
      last = await login({ tenantName: 'nobody-here', email: `x${i}@example.com` }, WRONG, {
        remoteAddress: `2001:db8:77:1:${(i + 1).toString(16)}::9`,
      });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another /64 is another client.
    const elsewhere = await login({ tenantName: 'nobody-here', email: 'y@example.com' }, WRONG, {
      remoteAddress: '2001:db8:77:2::9',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it("makes an account wait after failures instead of locking it; its owner's known browser and the e-mailed code still get in", async () => {
    const owner = await createTenantWithUser(t, { password: PASSWORD });
    // The owner's everyday browser signed in before.
    const known = knownBrowserCookie(await login(owner, PASSWORD, { remoteAddress: '192.0.2.10' }));
    expect(known).toBeDefined();
    // Another user's browser, known for that user's address only.
    const other = await createTenantWithUser(t, { password: PASSWORD });
    const otherKnown = knownBrowserCookie(await login(other, PASSWORD, { remoteAddress: '192.0.2.12' }));

    // Someone guesses from many addresses.
    await guesses(owner, 100);
    // A browser nobody knows waits, with the right password too, and learns nothing while it waits.
    const stranger = await login(owner, PASSWORD, { remoteAddress: '192.0.2.200' });
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(owner, WRONG, { remoteAddress: '192.0.2.201' })).statusCode).toBe(429);

    // The owner's known browser does not wait for the guesses of others.
    expect((await login(owner, PASSWORD, { remoteAddress: '192.0.2.10', cookie: known })).statusCode).toBe(
      200,
    );

    // A new browser of the owner proves the mailbox with an e-mailed code, and is let in.
    expect((await requestCode(owner.email, '192.0.2.11')).statusCode).toBe(204);
    const code = codeIn((await lastMailTo(t, owner.email)).text);
    const proven = knownBrowserCookie(await verifyCode(owner.email, code, '192.0.2.11'));
    expect(proven).toBeDefined();
    expect((await login(owner, PASSWORD, { remoteAddress: '192.0.2.11', cookie: proven })).statusCode).toBe(
      200,
    );

    // A known browser of another address proves nothing for this one.
    expect(
      (await login(owner, PASSWORD, { remoteAddress: '192.0.2.12', cookie: otherKnown })).statusCode,
    ).toBe(429);
  });

  it('lets the right password with a current TOTP code through while the account waits, and nothing less', async () => {
    const owner = await createTenantWithUser(t, { password: PASSWORD });
    const device = await api.call(owner, mfaEndpoints.create, { body: { name: 'Phone-1' } });
    const secret = new URL(device.json().otpPathUrl).searchParams.get('secret')!;
    const confirmed = await api.call(owner, mfaEndpoints.verify, {
      params: { id: device.json().id },
      body: { code: currentCode(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    await guesses(owner, 120);

    // The right password with a wrong code looks like any refused attempt: it does not say the password was right.
    const wrongCode = currentCode(secret) === '000000' ? '111111' : '000000';
    const guess = await login(owner, PASSWORD, { remoteAddress: '192.0.2.220', code: wrongCode });
    expect(guess.statusCode).toBe(429);
    // The next step's code (the confirming one is spent) signs the owner in.
    const next = currentCode(secret, Date.now() + 30_000);
    expect((await login(owner, PASSWORD, { remoteAddress: '192.0.2.221', code: next })).statusCode).toBe(200);
  });

  it('lets the right password with a recovery code through while the account waits, once', async () => {
    const owner = await createTenantWithUser(t, { password: PASSWORD });
    const device = await api.call(owner, mfaEndpoints.create, { body: { name: 'Phone-1' } });
    const secret = new URL(device.json().otpPathUrl).searchParams.get('secret')!;
    const confirmed = await api.call(owner, mfaEndpoints.verify, {
      params: { id: device.json().id },
      body: { code: currentCode(secret) },
    });
    const [recoveryCode] = confirmed.result().recoveryCodes!;
    await guesses(owner, 140);

    const through = await login(owner, PASSWORD, { remoteAddress: '192.0.2.230', recoveryCode });
    expect(through.statusCode).toBe(200);
    // Used up: the same code is a refused attempt like any other while the account waits.
    expect((await login(owner, PASSWORD, { remoteAddress: '192.0.2.231', recoveryCode })).statusCode).toBe(
      429,
    );
  });
});

/** A login's own statements, with no background sender beside it on the same database. */
describe('login database work', () => {
  // Neither the mail outbox nor the webhook dispatcher runs here (their timers and nudges would count
  // beside the logins: mail queued by a test before, a poll); a refused login queues nothing to send.
  const t = useTestApp(() => createTestApp({ WEBHOOK_POLL_MS: '0', OUTBOX_POLL_MS: '0' }));

  it('refuses a wrong password and an unknown account with the same database work', async () => {
    const known = await createTenantWithUser(t, { password: PASSWORD });
    // The known user signed in before (their first sign-in is the unusual sign-in check's baseline).
    const signedIn = await call(t, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { tenantName: known.tenantName, email: known.email, password: PASSWORD },
      remoteAddress: '192.0.2.29',
    });
    expect(signedIn.statusCode).toBe(200);
    const session = Object.getPrototypeOf((t.database.db as unknown as { session: object }).session);
    const statements = vi.spyOn(session, 'prepareQuery');
    const count = async (who: { tenantName: string; email: string }, remoteAddress: string) => {
      statements.mockClear();
      const refused = await call(t, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { tenantName: who.tenantName, email: who.email, password: WRONG },
        remoteAddress,
      });
      expect(refused.statusCode).toBe(401);
      return statements.mock.calls.length;
    };
    try {
      const knownAccount = await count(known, '192.0.2.30');
      const unknownAccount = await count(
        { tenantName: known.tenantName, email: 'ghost@example.com' },
        '192.0.2.31',
      );
      const unknownTenant = await count({ tenantName: 'no-such-tenant', email: known.email }, '192.0.2.32');
      expect(knownAccount).toBeGreaterThan(0);
      expect(unknownAccount).toBe(knownAccount);
      expect(unknownTenant).toBe(knownAccount);
    } finally {
      statements.mockRestore();
    }
  });
});
