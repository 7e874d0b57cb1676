import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, captureLog, createTenantWithUser, createTestApp, type TestApp } from '../../../test/app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port, keeping what it receives. */
async function startSmtp() {
  const received: Received[] = [];
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
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('e-mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Skyvault <no-reply@example.com>',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the login code to a real SMTP server, as plain text and HTML', async () => {
    const u = await createTenantWithUser(t);
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/verification-codes',
      payload: { email: u.email },
    });
    expect(res.statusCode).toBe(204);
    for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('no-reply@example.com');
    expect(mail!.to).toEqual([u.email]);
    expect(mail!.raw).toMatch(/Subject: Your Skyvault verification code: \d{6}/);
    expect(mail!.raw).toContain('text/plain');
    expect(mail!.raw).toContain('text/html');
  });
});

describe('production without SMTP_URL', () => {
  const production = {
    NODE_ENV: 'production',
    // The app runs on the test's own database; production only insists that a URL is configured.
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    PUBLIC_URL: 'https://console.example.com',
    LOG_LEVEL: 'info',
  };
  const warnings = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; outbox?: string })
      .filter((line) => line.level === 40 && line.msg.startsWith('SMTP_URL is not set'));

  it('warns once at start, naming the outbox folder', async () => {
    const log = captureLog();
    const t = await createTestApp(production, { logStream: log.stream });
    await t.close();
    const outboxDir = path.join(t.config.dataDir, 'outbox');
    expect(warnings(log.text())).toEqual([
      expect.objectContaining({
        outbox: outboxDir,
        msg: `SMTP_URL is not set: e-mails (sign-up links, login codes, invitations) are not sent but written to ${outboxDir}`,
      }),
    ]);
  });

  it('says nothing with SMTP_URL, nor outside production', async () => {
    for (const env of [{ ...production, SMTP_URL: 'smtp://127.0.0.1:1' }, { LOG_LEVEL: 'info' }]) {
      const log = captureLog();
      const t = await createTestApp(env, { logStream: log.stream });
      await t.close();
      expect(warnings(log.text())).toEqual([]);
    }
  });
});
