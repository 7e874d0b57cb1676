import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The messages the server wrote to DATA_DIR/outbox (it runs without SMTP_URL), oldest first. */
function read(): Mail[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Mail);
}

/** Waits for the next message to `to` whose subject matches, sent after `after` messages to that address. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = read()
          .filter((m) => m.to === to)
          .slice(after)
          .find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export const mailCount = (to: string) => read().filter((m) => m.to === to).length;

/** The first link in a message's text that starts with `prefix`. */
export const linkIn = (mail: Mail, prefix: string) => {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`).exec(mail.text);
  if (!match) throw new Error(`No link ${prefix} in: ${mail.text}`);
  return match[0];
};

export const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)![1]!;
