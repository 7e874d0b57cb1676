import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface Received {
  /** The request's path and query, as the sender asked for them. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver on loopback: keeps every request, answers the next status of `answers` (then 200).
 * `inFlight`/`maxInFlight` count requests being answered at once (`holdMs` keeps each one open; `holds`
 * the first ones each as long as it says, a hang past the sender's time-out, say).
 */
export async function startReceiver(options: { answers?: number[]; holdMs?: number; holds?: number[] } = {}) {
  const received: Received[] = [];
  const answers = [...(options.answers ?? [])];
  const holds = [...(options.holds ?? [])];
  const state = { inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((request, response) => {
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const status = answers.shift() ?? 200;
      setTimeout(
        () => {
          state.inFlight -= 1;
          if (response.destroyed) return;
          response.statusCode = status;
          response.end('ok');
        },
        holds.shift() ?? options.holdMs ?? 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    state,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Verifies a request as the Standard Webhooks specification tells receivers to: the HMAC-SHA256 of
 * `${webhook-id}.${webhook-timestamp}.${body}` keyed with the base64-decoded secret after `whsec_`,
 * compared in constant time with each `v1,` signature of the header.
 */
export function verifyStandardWebhook(secret: string, request: Received): boolean {
  const id = request.headers['webhook-id'];
  const timestamp = request.headers['webhook-timestamp'];
  const header = request.headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof header !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest();
  return header.split(' ').some((part) => {
    const [version, signature] = part.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A loopback URL where nothing listens: connecting to it is refused. */
export async function refusingUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

export const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 8000) => {
  for (const start = Date.now(); Date.now() - start < ms; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
};
