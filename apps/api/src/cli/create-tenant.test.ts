import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import type { Database } from '../db/client.js';
import { auditEvents, outboxMessages, tenants, userInvitations, users } from '../db/schema/index.js';
import { createMailer } from '../platform/mail/mailer.js';
import { createOneTimeTokens } from '../platform/one-time-tokens/one-time-tokens.service.js';
import { createOutbox } from '../platform/outbox/index.js';
import { createSecretBox } from '../platform/secrets/secrets.js';
import { runAdmin } from './admin-commands.js';

describe('operator CLI: create-tenant', () => {
  let database: Database;
  const secrets = createSecretBox(randomBytes(32));
  const mail = { brand: 'skyvault' as const, publicUrl: 'https://console.example.test' };
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'skyvault-create-tenant-'));
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { database, secrets, mail }, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  };
  const administrator = [
    '--admin-email',
    'Alice@First-Org.example',
    '--first-name',
    'Alice',
    '--last-name',
    'Smith',
  ];

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('creates an active tenant and its administrator, whose invitation lands in the outbox', async () => {
    const { code, out } = await run(
      'create-tenant',
      'first-org',
      '--service',
      'backup',
      '--service',
      'devOps',
      ...administrator,
    );
    expect(code).toBe(0);
    const [tenant] = await database.system((tx) => tx.select().from(tenants));
    expect(tenant).toMatchObject({ name: 'first-org', status: 'active', services: ['backup', 'devOps'] });
    expect(out.split('\n')).toEqual([
      `Tenant "first-org" created: ${tenant!.id} (services: backup, devOps).`,
      'Its administrator alice@first-org.example is invited by e-mail to set a password (the link works 48 hours and opens https://console.example.test).',
      'A server sends the e-mail from the outbox: at once when one runs on this database, else when the next one starts.',
    ]);

    const [admin] = await database.tenant(tenant!.id, (tx) => tx.select().from(users));
    expect(admin).toMatchObject({
      email: 'alice@first-org.example',
      firstName: 'Alice',
      lastName: 'Smith',
      isAdmin: true,
      status: 'WaitConfirmation',
      passwordHash: null,
    });
    const [invitation] = await database.tenant(tenant!.id, (tx) => tx.select().from(userInvitations));
    expect(invitation).toMatchObject({ userId: admin!.id, invitedBy: null });
    const actions = await database.tenant(tenant!.id, (tx) => tx.select().from(auditEvents));
    expect(actions.map((e) => e.action)).toEqual(['operator:create-tenant']);

    // The message waits, sealed, in the outbox table; a server's dispatcher opens and sends it.
    const queued = await database.system((tx) => tx.select().from(outboxMessages));
    expect(queued).toEqual([
      expect.objectContaining({ recipient: 'alice@first-org.example', status: 'pending' }),
    ]);
    const log = pino({ enabled: false }) as unknown as FastifyBaseLogger;
    const mailer = createMailer({ from: 'Skyvault <no-reply@example.test>', dataDir: scratch, log });
    expect(await createOutbox({ database, secrets, mailer, log }).dispatchOnce()).toBe(1);
    const [file] = readdirSync(path.join(scratch, 'outbox'));
    const sent = JSON.parse(readFileSync(path.join(scratch, 'outbox', file!), 'utf8')) as {
      to: string;
      text: string;
    };
    expect(sent.to).toBe('alice@first-org.example');
    expect(sent.text).toContain('Skyvault added you to the organization "first-org"');
    const link = /https:\/\/console\.example\.test\/auth\/change-password\?code=(\S+)/.exec(sent.text);
    const code2 = decodeURIComponent(link![1]!);
    // The printed lines never carry the link's code.
    expect(out).not.toContain(code2);
    const token = await createOneTimeTokens(database).inspect('reset-password', code2);
    expect(token).toMatchObject({ tenantId: tenant!.id, userId: admin!.id, state: 'usable' });
  });

  it('refuses a name another tenant has, whatever its case', async () => {
    const again = await run('create-tenant', 'FIRST-ORG', '--service', 'backup', ...administrator);
    expect(again).toEqual({ code: 1, out: 'A tenant named "FIRST-ORG" exists already.' });
  });

  it.each([
    [
      ['create-tenant', 'ab', '--service', 'backup', ...administrator],
      `<name>: ${MESSAGES.tenantNameMinLength}`,
    ],
    [
      ['create-tenant', 'has space', '--service', 'backup', ...administrator],
      `<name>: ${MESSAGES.tenantNamePattern}`,
    ],
    [
      ['create-tenant', 'second-org', ...administrator],
      '--service: At least one service is required: backup, devOps',
    ],
    [
      ['create-tenant', 'second-org', '--service', 'crm', ...administrator],
      '--service: Service should be one of: backup, devOps',
    ],
    [
      [
        'create-tenant',
        'second-org',
        '--service',
        'backup',
        '--admin-email',
        'alice',
        '--first-name',
        'A',
        '--last-name',
        'S',
      ],
      `--admin-email: ${MESSAGES.emailInvalid}`,
    ],
    [
      [
        'create-tenant',
        'second-org',
        '--service',
        'backup',
        '--admin-email',
        'a@b.example',
        '--last-name',
        'S',
      ],
      '--first-name: First name is required',
    ],
  ])('refuses %j with the field and its rule, creating nothing', async (argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(2);
    expect(result.out.split('\n')[0]).toBe(message);
    const names = (await database.system((tx) => tx.select().from(tenants))).map((t) => t.name);
    expect(names).toEqual(['first-org']);
  });

  it('names every bad field at once', async () => {
    const result = await run('create-tenant', 'x', '--service', 'crm');
    expect(result.code).toBe(2);
    expect(result.out.split('\n').map((line) => line.split(':')[0])).toEqual([
      '<name>',
      '--service',
      '--admin-email',
      '--first-name',
      '--last-name',
    ]);
  });

  it('is listed in the usage', async () => {
    expect((await run('help')).out).toContain('create-tenant <name> --service <backup|devOps>');
  });
});
