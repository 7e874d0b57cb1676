import { authEndpoints, passwordEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from './api-caller.js';
import {
  call,
  captureLog,
  cookieFrom,
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  useTestApp,
} from './app.js';

/** Everything the API logs at the most verbose level, for a flow full of secrets. */
describe('logs', () => {
  const log = captureLog();
  const t = useTestApp(() => createTestApp({ LOG_LEVEL: 'trace' }, { logStream: log.stream }));
  const api = apiCaller(t);

  it('never contain passwords, session tokens, reset codes or login codes', async () => {
    const password = 'Very-secret-pw1';
    const u = await createTenantWithUser(t, { password });
    const login = await api.call(null, authEndpoints.login, {
      body: { tenantName: u.tenantName, email: u.email, password },
    });
    const token = cookieFrom(login).split('=')[1]!;
    await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(login) });

    await api.call(null, passwordEndpoints.forgotPassword, {
      body: { tenantName: u.tenantName, email: u.email },
    });
    const resetCode = decodeURIComponent(/code=([^\s"&]+)/.exec((await lastMailTo(t, u.email)).text)![1]!);
    await api.call(null, passwordEndpoints.resetCodeDetails, {
      params: { code: encodeURIComponent(resetCode) },
    });

    await api.call(null, authEndpoints.requestCode, { body: { email: u.email } });
    const loginCode = /\b(\d{6})\b/.exec((await lastMailTo(t, u.email)).text)![1]!;
    await api.call(null, authEndpoints.verifyCode, { body: { email: u.email, code: loginCode } });

    expect(log.text().length).toBeGreaterThan(0);
    expect(log.text()).toContain('/api/v1/auth/change-password/[redacted]');
    for (const secret of [password, token, resetCode, `"code":"${loginCode}"`])
      expect(log.text()).not.toContain(secret);
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
    await api.send(
      null,
      'GET',
      `/auth/login?${new URLSearchParams({ ssoTicket: ticket, redirectTo: authorize })}`,
    );
    await api.send(null, 'GET', authorize);
    await api.send(null, 'GET', `/oauth/token?code_verifier=${verifier}`);

    expect(log.text()).toContain('/auth/login?ssoTicket=%5Bredacted%5D');
    expect(log.text()).toContain('client_id=app');
    for (const secret of [ticket, nonce, state, verifier]) expect(log.text()).not.toContain(secret);
  });
});
