import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import type { Database } from '../db/client.js';
import { auditEvents, licenses, storages, tenants } from '../db/schema/index.js';
import { pastTheGuard } from '../modules/audit/audit.test-helpers.js';
import { createSecretBox } from '../platform/secrets/secrets.js';
import { runAdmin } from './admin-commands.js';

describe('operator CLI', () => {
  let database: Database;
  const secrets = createSecretBox(randomBytes(32));
  const tenantId = randomUUID();
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { database, secrets }, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tenant(tenantId, (tx) =>
      tx.insert(tenants).values({ id: tenantId, name: 'acme-ops', services: ['backup'] }),
    );
  });
  afterAll(() => database.close());

  it('lists tenants', async () => {
    const { code, out } = await run('tenants');
    expect(code).toBe(0);
    expect(out).toMatch(/acme-ops\s+[0-9a-f-]{36}\s+active\s+services: backup\s+users: 0/);
  });

  it('enables and disables a service', async () => {
    expect((await run('service', 'acme-ops', '--enable', 'devOps')).out).toBe(
      'acme-ops: services backup, devOps',
    );
    expect((await run('service', tenantId, '--disable', 'backup')).out).toBe('acme-ops: services devOps');
    const [row] = await database.system((tx) => tx.select().from(tenants).where(eq(tenants.id, tenantId)));
    expect(row!.services).toEqual(['devOps']);
  });

  it('grants, extends and expires a licence, each audited', async () => {
    const granted = await run(
      'license',
      'ACME-OPS',
      'Devops',
      '--edition',
      'Professional',
      '--until',
      '2030-01-31',
      '--limit',
      'devopsFullAccess=Full access:25',
      '--limit',
      'devopsReadAccess=Read access:50',
    );
    expect(granted).toEqual({ code: 0, out: 'Devops licence "Professional" until 2030-01-31.' });
    await run('license', 'acme-ops', 'Devops', '--edition', 'Enterprise', '--until', '2031-06-30');
    const [row] = await database.tenant(tenantId, (tx) =>
      tx
        .select()
        .from(licenses)
        .where(and(eq(licenses.tenantId, tenantId), eq(licenses.product, 'Devops'))),
    );
    expect(row).toMatchObject({
      edition: 'Enterprise',
      isTrial: false,
      limits: [
        { name: 'devopsFullAccess', label: 'Full access', available: 25 },
        { name: 'devopsReadAccess', label: 'Read access', available: 50 },
      ],
    });
    expect(row!.endsAt.toISOString()).toBe('2031-06-30T23:59:59.999Z');

    expect((await run('expire', 'acme-ops', 'Devops')).code).toBe(0);
    const [expired] = await database.tenant(tenantId, (tx) => tx.select().from(licenses));
    expect(expired!.endsAt.getTime()).toBeLessThanOrEqual(Date.now());

    const actions = (await database.tenant(tenantId, (tx) => tx.select().from(auditEvents))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['operator:grant-license', 'operator:expire-license']));
  });

  it('creates a shared storage with sealed credentials, and names a wrong field', async () => {
    const aws = ['--type', 'AwsS3', '--region', 'eu-west-1', '--access-key-id', 'AKIAEXAMPLEKEY12345'];
    const secret = ['--secret-access-key', 'very-secret-access-key-123'];
    const made = await run(
      'shared-storage',
      '--name',
      'platform-s3',
      ...aws,
      '--bucket-name',
      'skyvault-shared',
      ...secret,
    );
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/^Shared storage "platform-s3" \(AwsS3\) created: [0-9a-f-]{36}$/);
    const [row] = await database.system((tx) => tx.select().from(storages));
    expect(row).toMatchObject({ tenantId: null, isShared: true, name: 'platform-s3' });
    expect(row!.credentials).not.toContain('very-secret-access-key-123');
    const bad = await run('shared-storage', '--name', 'tiny', ...aws, '--bucket-name', 'ab', ...secret);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe('credentials.bucketName: Minimum length is 3 characters');
  });

  it("verifies a tenant's audit trail, and names the first event that does not hold", async () => {
    const ok = await run('audit', 'verify', 'acme-ops');
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(
      /^OK: acme-ops: \d+ audit events verified, up to seq \d+ \(hash [0-9a-f]{64}\)\.$/,
    );

    // Only the owner's DDL gets past the table's guard (migration 0027): a tampering verify must name.
    const [edited] = await pastTheGuard(database, (tx) =>
      tx
        .update(auditEvents)
        .set({ action: 'operator:nothing-to-see' })
        .where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.seq, 2)))
        .returning(),
    );
    const broken = await run('audit', 'verify', tenantId);
    expect(broken).toEqual({
      code: 1,
      out: `BROKEN: acme-ops: audit event seq 2 (id ${edited!.id}): its content does not match its hash: the event was changed. 1 event before it verified.`,
    });
  });

  it("sets a tenant's audit retention, audited", async () => {
    expect(await run('audit', 'retention', 'acme-ops', '90')).toEqual({
      code: 0,
      out: 'acme-ops: audit events are kept 90 days.',
    });
    const [row] = await database.system((tx) => tx.select().from(tenants).where(eq(tenants.id, tenantId)));
    expect(row!.auditRetentionDays).toBe(90);
    const bad = await run('audit', 'retention', 'acme-ops', '0');
    expect(bad.code).toBe(2);
    expect(bad.out).toBe('The retention must be a whole number of days from 1 to 3650, not "0".');
  });

  it.each([
    [['audit', 'verify'], 2, 'audit needs verify <tenant> or retention <tenant> <days>.'],
    [['audit', 'verify', 'nobody'], 1, 'No tenant "nobody".'],
    [
      ['license', 'acme-ops', 'Crm', '--edition', 'X', '--until', '2030-01-01'],
      2,
      'The product must be Dbr or Devops, not "Crm".',
    ],
    [
      ['license', 'acme-ops', 'Dbr', '--edition', 'X', '--until', 'tomorrow'],
      2,
      '--until needs a date as YYYY-MM-DD, not "tomorrow".',
    ],
    [
      [
        'license',
        'acme-ops',
        'Devops',
        '--edition',
        'X',
        '--until',
        '2030-01-01',
        '--limit',
        'seats=Seats:25',
      ],
      2,
      'Devops licences know the limits devopsFullAccess, devopsReadAccess; not "seats".',
    ],
    [
      [
        'license',
        'acme-ops',
        'Dbr',
        '--edition',
        'X',
        '--until',
        '2030-01-01',
        '--limit',
        'devopsFullAccess=Full:5',
      ],
      2,
      'Dbr licences know the limits storage, retention, organizations; not "devopsFullAccess".',
    ],
    [
      [
        'license',
        'acme-ops',
        'Dbr',
        '--edition',
        'X',
        '--until',
        '2030-01-01',
        '--limit',
        'storage=S:1',
        '--limit',
        'storage=S:2',
      ],
      2,
      '--limit storage is given twice.',
    ],
    [['service', 'acme-ops', '--enable', 'crm'], 2, 'The service must be backup or devOps, not "crm".'],
    [['expire', 'nobody', 'Dbr'], 1, 'No tenant "nobody".'],
    [['frobnicate'], 2, 'Unknown command "frobnicate".'],
  ])('answers %j with a clear message', async (argv, code, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(code);
    expect(result.out.split('\n')[0]).toBe(message);
  });
});
