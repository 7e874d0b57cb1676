import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieFrom, createTenantWithUser, createTestApp, lastMailTo, type TestApp } from './app.js';

/** Everything the API logs at the most verbose level, for a flow full of secrets. */
describe('logs', () => {
  let t: TestApp;
  let logs = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      logs += chunk.toString('utf8');
    });
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
  });
  afterAll(() => t.close());

  it('never contain passwords, session tokens, reset codes or login codes', async () => {
    const password = 'Very-secret-pw1';
    const u = await createTenantWithUser(t, { password });
    const login = await call(t, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { tenantName: u.tenantName, email: u.email, password },
    });
    const token = cookieFrom(login).split('=')[1]!;
    await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(login) });

    await call(t, {
      method: 'PATCH',
      url: '/api/v1/auth/forgot-password',
      payload: { tenantName: u.tenantName, email: u.email },
    });
    const resetCode = decodeURIComponent(/code=([^\s"&]+)/.exec((await lastMailTo(t, u.email)).text)![1]!);
    await call(t, { method: 'GET', url: `/api/v1/auth/change-password/${encodeURIComponent(resetCode)}` });

    await call(t, { method: 'POST', url: '/api/v1/verification-codes', payload: { email: u.email } });
    const loginCode = /\b(\d{6})\b/.exec((await lastMailTo(t, u.email)).text)![1]!;
    await call(t, {
      method: 'POST',
      url: '/api/v1/verification-codes/verify',
      payload: { email: u.email, code: loginCode },
    });

    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('/api/v1/auth/change-password/[redacted]');
    for (const secret of [password, token, resetCode, `"code":"${loginCode}"`])
      expect(logs).not.toContain(secret);
  });

  it('never contain the ticket of a provider sign-in, nor the nonce, state or verifier of an OAuth request', async () => {
    const [ticket, nonce, state, verifier] = [
      'TicketValue-0123456789',
      'NonceValue-0123456789',
      'StateValue-0123456789',
      'VerifierValue-0123456789',
    ];
    const authorize = `/oauth/auth?${new URLSearchParams({ client_id: 'app', response_type: 'code', nonce, state })}`;
    // The login page after a provider sign-in (TOTP step), resuming an app's authorization request.
    await call(t, {
      method: 'GET',
      url: `/auth/login?${new URLSearchParams({ ssoTicket: ticket, redirectTo: authorize })}`,
    });
    await call(t, { method: 'GET', url: authorize });
    await call(t, { method: 'GET', url: `/oauth/token?code_verifier=${verifier}` });

    expect(logs).toContain('/auth/login?ssoTicket=%5Bredacted%5D');
    expect(logs).toContain('client_id=app');
    for (const secret of [ticket, nonce, state, verifier]) expect(logs).not.toContain(secret);
  });
});
