import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Real delivery over SMTP when SMTP_URL is set. Without it, every message is written as JSON to
 * DATA_DIR/outbox and announced in the log (not its body: it carries one-time codes), so that a demo
 * or a browser test can read its codes and links.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Production: a missing SMTP_URL is said once, at start (nobody reads the outbox folder there). */
  production?: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  if (options.production) {
    options.log.warn(
      { outbox },
      `SMTP_URL is not set: e-mails (sign-up links, login codes, invitations) are not sent but written to ${outbox}`,
    );
  }
  let sequence = 0;
  return {
    async send(message) {
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      sequence += 1;
      const name = `${Date.now()}-${String(sequence).padStart(4, '0')}.json`;
      const file = path.join(outbox, name);
      writeFileSync(
        file,
        JSON.stringify({ from: options.from, ...message, sentAt: new Date().toISOString() }, null, 2),
        {
          mode: 0o600,
        },
      );
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'e-mail written to the outbox (SMTP_URL is not set)',
      );
    },
    close: () => {},
  };
}
