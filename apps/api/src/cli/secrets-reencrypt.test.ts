import { randomBytes } from 'node:crypto';
import { applicationEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../test/app.js';
import { applications } from '../db/schema/index.js';
import { sealedAt } from '../platform/secrets/sealed-at.js';
import { createSecretBox } from '../platform/secrets/secrets.js';
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
    expect(lines.join('\n')).toMatch(/^[1-9]\d* sealed value\(s\) re-encrypted/);
    const [row] = await t.database.system((tx) =>
      tx.select({ secret: applications.clientSecret }).from(applications).where(eq(applications.id, id)),
    );
    // The new key alone opens it now.
    expect(createSecretBox(current).open(at, row!.secret!)).toBe(clientSecret);

    const again: string[] = [];
    await runAdmin(['secrets', 'reencrypt'], { database: t.database, secrets: rotated }, (l) =>
      again.push(l),
    );
    expect(again[0]).toBe('0 sealed value(s) re-encrypted with the current SECRETS_KEY.');
  });
});
