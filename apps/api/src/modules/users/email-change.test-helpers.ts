import { authEndpoints, passwordEndpoints, userEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { apiCaller } from '../../../test/api-caller.js';
import { outbox, outboxSettled, type SentMail, type TestApp } from '../../../test/app.js';
import { users } from '../../db/schema/index.js';

/** Every message sent to an address so far, once the outbox has sent what was due. */
export async function mailsTo(t: TestApp, to: string): Promise<SentMail[]> {
  await outboxSettled(t);
  return outbox(t).filter((mail) => mail.to === to);
}

const LINKS = {
  reset: /change-password\?code=([^\s"&<]+)/,
  proof: /confirm-email\?token=([^\s"&<]+)/,
  code: /^(\d{6})$/m,
};

/** The secrets the mails to an address carry: password link codes, proof tokens and login codes. */
export async function secretsMailedTo(t: TestApp, to: string) {
  const texts = (await mailsTo(t, to)).map((mail) => mail.text);
  const all = (kind: keyof typeof LINKS) =>
    texts.flatMap((text) => {
      const found = LINKS[kind].exec(text)?.[1];
      return found ? [decodeURIComponent(found)] : [];
    });
  return { resetCodes: all('reset'), proofTokens: all('proof'), loginCodes: all('code') };
}

/**
 * The tenants that the newest login code mailed to an address lists once checked (none without a
 * code): every address gets its code, so what matters is what the code opens.
 */
export async function tenantsListedTo(t: TestApp, to: string) {
  const code = (await secretsMailedTo(t, to)).loginCodes.at(-1);
  if (!code) return [];
  return (await anonymousCalls(t).verifyCode(to, code)).result().tenants;
}

/** The calls of someone who knows nothing but an address and a tenant's name: they may be anyone. */
export function anonymousCalls(t: TestApp) {
  const api = apiCaller(t);
  return {
    forgot: (tenantName: string, email: string) =>
      api.call(null, passwordEndpoints.forgotPassword, { body: { tenantName, email } }),
    requestCode: (email: string) => api.call(null, authEndpoints.requestCode, { body: { email } }),
    verifyCode: (email: string, code: string) =>
      api.call(null, authEndpoints.verifyCode, { body: { email, code } }),
    reset: (code: string, password: string) =>
      api.call(null, passwordEndpoints.resetPassword, { body: { code, password } }),
    prove: (token: string) => api.call(null, userEndpoints.proveEmail, { body: { token } }),
    resendProof: (email: string) => api.call(null, userEndpoints.resendEmailProof, { body: { email } }),
    login: (tenantName: string, email: string, password: string) =>
      api.call(null, authEndpoints.login, { body: { tenantName, email, password } }),
  };
}

/** The user's address and its proof as stored. */
export async function addressOf(t: TestApp, tenantId: string, userId: string) {
  const [row] = await t.database.tenant(tenantId, (tx) =>
    tx
      .select({
        email: users.email,
        verifiedAt: users.emailVerifiedAt,
        unprovenSince: users.emailUnprovenSince,
      })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId))),
  );
  return row!;
}
