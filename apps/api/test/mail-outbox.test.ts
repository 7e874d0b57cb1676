import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { outboxMessages } from '../src/db/schema/index.js';
import {
  call,
  captureLog,
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  outbox,
  type TestApp,
  testConfig,
} from './app.js';
import { openTestDatabase } from './database.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A mail server on `port` that keeps the raw text of each message by recipient. */
async function startSmtpSink(port: number) {
  const received = new Map<string, string[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo)
          received.set(address, [...(received.get(address) ?? []), raw]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 10_000) => {
  for (const start = Date.now(); Date.now() - start < ms; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
};

const signUpBody = (email: string) => ({
  firstName: 'Outage',
  lastName: 'Test',
  email,
  password: 'Secret-pass1',
  confirmPassword: 'Secret-pass1',
});

describe('e-mail through a mail outage', () => {
  const log = captureLog();
  let t: TestApp | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('queues a sign-up, a login code and a password reset while SMTP is down, and delivers each exactly once when it is back', async () => {
    const port = await freePort();
    t = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_POLL_MS: '100', LOG_LEVEL: 'trace' },
      { logStream: log.stream },
    );
    const app = t;
    const signUp = 'new-owner@outage.example.com';
    const coded = await createTenantWithUser(app);
    const resetting = await createTenantWithUser(app, { password: 'Old-password1' });

    const asked = [
      await call(app, { method: 'POST', url: '/api/v1/tenants', payload: signUpBody(signUp) }),
      await call(app, { method: 'POST', url: '/api/v1/verification-codes', payload: { email: coded.email } }),
      await call(app, {
        method: 'PATCH',
        url: '/api/v1/auth/forgot-password',
        payload: { tenantName: resetting.tenantName, email: resetting.email },
      }),
    ];
    expect(asked.map((r) => r.statusCode)).toEqual([201, 204, 204]);
    const recipients = [signUp, coded.email, resetting.email];

    // Each was tried, refused by the closed port, and waits for its retry.
    const rows = () => app.database.db.select().from(outboxMessages);
    await until('a first attempt of each', async () => {
      const tried = (await rows()).filter((r) => r.attempts >= 1 && r.status === 'pending');
      return recipients.every((to) => tried.some((r) => r.recipient === to));
    });
    for (const row of await rows()) expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);

    // The mail server comes back; the retries are made due now rather than in 10 s.
    sink = await startSmtpSink(port);
    await app.database.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` });
    const received = sink.received;
    await until('every message delivered', () => recipients.every((to) => received.has(to)));
    await until('every message marked sent', async () => (await rows()).every((r) => r.status === 'sent'));
    // Later passes send nothing again.
    await new Promise((r) => setTimeout(r, 500));
    for (const to of recipients) expect(received.get(to)).toHaveLength(1);
    expect(received.get(signUp)![0]).toMatch(/Subject: Verify your email/);
    expect(received.get(coded.email)![0]).toMatch(/Subject: Your Skyvault verification code: \d{6}/);
    expect(received.get(resetting.email)![0]).toMatch(/change-password\?code=/);

    // Neither the code, the links nor the bodies reached the log, the failures did.
    const code = /verification code: (\d{6})/.exec(received.get(coded.email)![0]!)![1]!;
    const links = [...received.values()]
      .flat()
      .flatMap((raw) => /(?:token|code)=3D([\w%-]{12,})/.exec(raw)?.[1] ?? []);
    expect(links.length).toBeGreaterThan(0);
    const text = log.text();
    expect(text).toContain('e-mail to be retried');
    expect(text).not.toContain(code);
    for (const link of links) expect(text).not.toContain(link);
  });
});

describe('a crash between the commit and the send', () => {
  it('loses no e-mail: the next process sends what the stopped one had committed', async () => {
    const database = await openTestDatabase();
    // The first process does not send (OUTBOX_POLL_MS=0) and stops; the database outlives it.
    const firstConfig = testConfig({ OUTBOX_POLL_MS: '0' });
    const first = await buildApp(firstConfig, {
      database: { ...database, close: async () => {} },
      logger: false,
    });
    await first.ready();
    const email = 'committed@crash.example.com';
    const res = await first.inject({
      method: 'POST',
      url: '/api/v1/tenants',
      payload: signUpBody(email),
      headers: { 'x-requested-with': 'skyvault-console' },
    });
    expect(res.statusCode).toBe(201);
    await first.close();
    const [waiting] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });

    const config = testConfig();
    const second = await buildApp(config, { database, logger: false });
    await second.ready();
    const t: TestApp = { app: second, database, config, close: () => second.close() };
    try {
      const mail = await lastMailTo(t, email);
      expect(mail.subject).toBe('Verify your email for Skyvault');
      expect(outbox(t).filter((m) => m.to === email)).toHaveLength(1);
      const [sent] = await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email));
      expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await t.close();
      rmSync(firstConfig.dataDir, { recursive: true, force: true });
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
