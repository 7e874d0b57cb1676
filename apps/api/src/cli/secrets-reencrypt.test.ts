import { randomBytes } from 'node:crypto';
import { applicationEndpoints, webhookEndpoints as webhookApi } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../test/api-caller.js';
import { createTenantWithUser, createTestApp, useTestApp } from '../../test/app.js';
import { applications, webhookEndpoints } from '../db/schema/index.js';
import { sealedAt } from '../platform/secrets/sealed-at.js';
import { createSecretBox, keyFingerprint } from '../platform/secrets/secrets.js';
import { verifySecretsKeys } from '../platform/secrets/secrets-step.js';
import { runAdmin } from './admin-commands.js';

describe('secrets reencrypt', () => {
  const t = useTestApp();

  it('re-seals every value with the current key, after which the previous one can go', async () => {
    const user = await createTenantWithUser(t);
    // A connected app made through the API: its client secret sealed with testConfig's SECRETS_KEY,
    // which now becomes the previous key.
    const res = await apiCaller(t).call(user, applicationEndpoints.create, {
      body: { name: 'Rotated portal' },
    });
    const { id, clientSecret } = res.json() as { id: string; clientSecret: string };
    const at = sealedAt.applicationClientSecret(user.tenantId, id);
    const current = randomBytes(32);
    const rotated = createSecretBox(current, Buffer.alloc(32, 7));
    const lines: string[] = [];
    const code = await runAdmin(['secrets', 'reencrypt'], { database: t.database, secrets: rotated }, (l) =>
      lines.push(l),
    );
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/^[1-9]\d* sealed value\(s\) re-encrypted/m);
    expect(lines[0]).toBe(
      `Re-encrypting with SECRETS_KEY ${keyFingerprint(current)} (opens with SECRETS_KEY ${keyFingerprint(current)}, SECRETS_KEY_PREVIOUS ${keyFingerprint(Buffer.alloc(32, 7))}).`,
    );
    expect(lines.slice(-2)).toEqual([
      'Every stored secret now opens with SECRETS_KEY alone.',
      'SECRETS_KEY_PREVIOUS may now be removed from every process.',
    ]);
    // Phase 4: the servers start with the new key alone (the key check moved to it).
    await verifySecretsKeys(t.database, createSecretBox(current), { info: () => {}, warn: () => {} });
    const [row] = await t.database.system((tx) =>
      tx.select({ secret: applications.clientSecret }).from(applications).where(eq(applications.id, id)),
    );
    // The new key alone opens it now.
    expect(createSecretBox(current).open(at, row!.secret!)).toBe(clientSecret);

    const again: string[] = [];
    await runAdmin(['secrets', 'reencrypt'], { database: t.database, secrets: rotated }, (l) =>
      again.push(l),
    );
    expect(again[1]).toBe('0 sealed value(s) re-encrypted with the current SECRETS_KEY.');
  });
});

describe('secrets reencrypt of a webhook endpoint', () => {
  // A loopback webhook URL is accepted (its reachability is checked when it is saved).
  const t = useTestApp(() => createTestApp({ OUTBOUND_PRIVATE_NETWORKS: 'true' }));

  it('re-seals a webhook endpoint’s signing secret, its previous secret and its URL', async () => {
    const user = await createTenantWithUser(t);
    const url = 'http://127.0.0.1:9/hook?token=abc';
    const created = await apiCaller(t).call(user, webhookApi.create, {
      body: { url, events: ['user.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    // A rotation: the secret before it is kept, sealed in its own column, for 24 hours.
    const rotated = await apiCaller(t).call(user, webhookApi.rotateSecret, { params: { id } });
    const { secret } = rotated.json() as { secret: string };
    const previous = (created.json() as { secret: string }).secret;
    const current = randomBytes(32);
    const box = createSecretBox(current, Buffer.alloc(32, 7));
    expect(await runAdmin(['secrets', 'reencrypt'], { database: t.database, secrets: box }, () => {})).toBe(
      0,
    );

    const [row] = await t.database.system((tx) =>
      tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    );
    // The new key alone opens each of the three, each in its own column.
    const only = createSecretBox(current);
    expect(only.open(sealedAt.webhookSecret(user.tenantId, id), row!.secret)).toBe(secret);
    expect(only.open(sealedAt.webhookPreviousSecret(user.tenantId, id), row!.previousSecret!)).toBe(previous);
    expect(only.open(sealedAt.webhookUrl(user.tenantId, id), row!.urlSealed!)).toBe(url);
  });
});

describe('secrets reencrypt with a value that does not open', () => {
  const t = useTestApp();

  it('reports it by its place, leaves it, and exits 1 so that no key is retired yet', async () => {
    const user = await createTenantWithUser(t);
    const res = await apiCaller(t).call(user, applicationEndpoints.create, { body: { name: 'Lost portal' } });
    const { id } = res.json() as { id: string };
    const lost = createSecretBox(randomBytes(32)).seal(
      sealedAt.applicationClientSecret(user.tenantId, id),
      'x',
    );
    await t.database.system((tx) =>
      tx.update(applications).set({ clientSecret: lost }).where(eq(applications.id, id)),
    );
    const lines: string[] = [];
    const rotated = createSecretBox(randomBytes(32), Buffer.alloc(32, 7));
    expect(
      await runAdmin(['secrets', 'reencrypt'], { database: t.database, secrets: rotated }, (l) =>
        lines.push(l),
      ),
    ).toBe(1);
    const report = lines.find((l) => l.startsWith('Does not open'));
    expect(JSON.parse(report!.slice(report!.indexOf('{')))).toMatchObject({
      table: 'applications',
      column: 'client_secret',
      id,
      tenant: user.tenantId,
    });
    expect(lines.at(-1)).toBe(
      '1 value(s) did not open: keep every key configured, and run it again once they do.',
    );
  });
});
