// The client side of .ci/production-check.mjs: requests as a TLS-terminating proxy forwards them (the
// servers run with TRUST_PROXY=true and an https:// PUBLIC_URL), a browser's cookie jar, and the e-mails a
// server without SMTP_URL writes to DATA_DIR/outbox. Plain Node 20, no dependencies.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** The cookies one browser holds (Secure ones included: the proxy is the TLS end), by path. */
export class CookieJar {
  cookies = new Map();

  store(response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const cookiePath = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const gone = value === '' || attributes.some((a) => a.toLowerCase() === 'max-age=0');
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: cookiePath });
    }
  }

  header(pathname) {
    return [...this.cookies]
      .filter(
        ([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}

/**
 * One request through the "proxy" of `publicUrl`: forwarded protocol, host and client address, the jar's
 * cookies; redirects are answered, not followed.
 */
export async function send(
  base,
  pathAndQuery,
  { publicUrl, jar, client = '203.0.113.10', method = 'GET', headers, body },
) {
  const url = new URL(pathAndQuery, base);
  const all = new Headers(headers);
  all.set('x-forwarded-proto', 'https');
  all.set('x-forwarded-host', publicUrl.host);
  all.set('x-forwarded-for', client);
  const cookie = jar?.header(url.pathname);
  if (cookie) all.set('cookie', cookie);
  const json = body !== undefined && !(body instanceof URLSearchParams);
  if (json) all.set('content-type', 'application/json');
  const response = await fetch(url, {
    method,
    headers: all,
    body: json ? JSON.stringify(body) : body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  jar?.store(response);
  return response;
}

/** The answer's JSON body, once its status is the one expected. */
export async function jsonOf(response, status, what) {
  const text = await response.text();
  expect(
    response.status === status,
    `${what} answered ${response.status}, not ${status}: ${text.slice(0, 300)}`,
  );
  return text ? JSON.parse(text) : null;
}

/** The first message to `to` in an outbox, waiting up to 10 s for it to be written. */
export async function mailTo(outbox, to) {
  for (let i = 0; i < 100; i++) {
    let names = [];
    try {
      names = readdirSync(outbox).sort();
    } catch {
      // Not created before the first e-mail.
    }
    for (const name of names) {
      const mail = JSON.parse(readFileSync(path.join(outbox, name), 'utf8'));
      if (mail.to === to) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to} in ${outbox}`);
}
