import { createHmac } from 'node:crypto';
import http from 'node:http';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver of our signed deliveries (webhooks, log streams) on this machine: plain http on 127.0.0.1,
 * which the e2e server may reach (OUTBOUND_PRIVATE_NETWORKS). It keeps each request and answers the
 * next of `answers`, then 200.
 */
export async function startReceiver(urlPath: string, answers: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${urlPath}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks signature of a request, made with the `whsec_` secret it was signed with. */
export const signatureOf = (secret: string, request: Received) => {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
};
