import { randomBytes } from 'node:crypto';
import { applicationEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { captureLog, createTenantWithUser, createTestApp, useTestApp } from '../../../test/app.js';
import { CALLBACK, insertApplication, startOAuthApp } from '../../../test/oauth-client.js';
import { applications } from '../../db/schema/index.js';
import { sealedAt } from './sealed-at.js';
import { SealedValueError } from './sealed-value-error.js';
import { createSecretBox, keyFingerprint } from './secrets.js';

describe('a sealed value that does not open', () => {
  const tenant = '7d5f0b5e-0000-4000-8000-000000000001';
  const current = randomBytes(32);
  const previous = randomBytes(32);
  const box = createSecretBox(current, previous);

  it('names its table, column, row and tenant, and the keys tried by fingerprint', () => {
    const sealed = createSecretBox(randomBytes(32)).seal(
      sealedAt.applicationClientSecret(tenant, 'app-1'),
      's',
    );
    const error = (() => {
      try {
        box.open(sealedAt.applicationClientSecret(tenant, 'app-1'), sealed);
      } catch (e) {
        return e;
      }
    })() as SealedValueError;
    expect(error).toBeInstanceOf(SealedValueError);
    expect(error.message).toBe(
      `A sealed value does not open: applications.client_secret of row app-1, tenant ${tenant} (sealed with another key, or moved from another row); keys tried: SECRETS_KEY ${keyFingerprint(current)}, SECRETS_KEY_PREVIOUS ${keyFingerprint(previous)}.`,
    );
    expect(error.message).not.toContain(current.toString('base64'));
    expect(error.message).not.toContain(sealed);
  });

  it('says when its form is one this build does not read (a newer release wrote it), and names a scope of no tenant', () => {
    const at = sealedAt.signingKey('kid-1');
    const newer = box.seal(at, 'jwk').replace(/^v2/, 'v3');
    expect(() => box.open(at, newer)).toThrow(
      /^A sealed value does not open: oidc_keys\.private_jwk of row kid-1, scope platform:oauth-signing-key \(its form v3 is not one this build reads: written by a newer release\?\)/,
    );
  });
});

describe('a request that meets a sealed value that does not open', () => {
  const log = captureLog();
  const t = useTestApp(() => createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream }));

  it('answers 503 with a clear code, and logs where the value is and the keys tried', async () => {
    const user = await createTenantWithUser(t);
    const created = await apiCaller(t).call(user, applicationEndpoints.create, { body: { name: 'Portal' } });
    const { id } = created.json() as { id: string };
    // Sealed with a key this server does not have (a key retired before the values were re-encrypted).
    const planted = createSecretBox(randomBytes(32)).seal(
      sealedAt.applicationClientSecret(user.tenantId, id),
      'x',
    );
    await t.database.system((tx) =>
      tx.update(applications).set({ clientSecret: planted }).where(eq(applications.id, id)),
    );

    const res = await apiCaller(t).call(user, applicationEndpoints.get, { params: { id } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    // The details are the operator's: not in the answer.
    expect(res.body).not.toContain('client_secret');
    expect(res.body).not.toContain('SECRETS_KEY');
    const line = log
      .text()
      .split('\n')
      .find((l) => l.includes('A sealed value does not open'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as { level: number; msg: string; sealedValue: Record<string, unknown> };
    expect(entry.msg).toContain(`applications.client_secret of row ${id}, tenant ${user.tenantId}`);
    expect(entry.msg).toContain(`keys tried: SECRETS_KEY ${keyFingerprint(Buffer.alloc(32, 7))}.`);
    expect(entry.sealedValue).toMatchObject({
      table: 'applications',
      column: 'client_secret',
      row: id,
      tenant: user.tenantId,
    });
    expect(line).not.toContain(planted);
  });
});

describe('an OAuth client whose secret does not open', () => {
  const log = captureLog();
  const t = useTestApp(() => startOAuthApp({ LOG_LEVEL: 'info' }, { logStream: log.stream }));

  it('answers 503 temporarily_unavailable, not the provider’s 500, and logs the value’s place', async () => {
    const user = await createTenantWithUser(t);
    const app = await insertApplication(t, user.tenantId);
    const planted = createSecretBox(randomBytes(32)).seal(
      sealedAt.applicationClientSecret(user.tenantId, app.id),
      'x',
    );
    await t.database.system((tx) =>
      tx.update(applications).set({ clientSecret: planted }).where(eq(applications.id, app.id)),
    );
    const url = new URL(`${t.issuer}/auth`);
    for (const [name, value] of Object.entries({
      client_id: app.clientId,
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(name, value);
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(503);
    expect(await res.text()).not.toContain('client_secret');
    expect(log.text()).toContain(`applications.client_secret of row ${app.id}, tenant ${user.tenantId}`);
  });
});
