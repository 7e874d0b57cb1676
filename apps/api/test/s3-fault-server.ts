import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3 endpoint on 127.0.0.1 that answers as AWS does where s3rver cannot: a test tells it to
 * fail one operation with AWS's documented error (status, headers and XML body, from
 * https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html), and it keeps objects in memory
 * for the rest, so the official SDK goes through write, read, list and delete as with AWS. Path-style
 * only (`endpoint` with forcePathStyle); it checks no signature.
 *
 *   const s3 = await startS3FaultServer();
 *   s3.fail('GetObject', awsError(403, 'AccessDenied', 'Access Denied'));
 *   … s3.reset() between tests; await s3.close() after them.
 */

export type S3Operation =
  | 'PutObject'
  | 'GetObject'
  | 'ListObjectsV2'
  | 'DeleteObject'
  | 'GetBucketVersioning'
  | 'GetObjectLockConfiguration'
  | 'GetBucketEncryption';

export interface S3Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** An error as S3 answers it: `<Error><Code>…</Code><Message>…</Message>…</Error>`. */
export function awsError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): S3Answer {
  const fields = Object.entries(extra)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join('');
  return {
    status,
    headers: { 'content-type': 'application/xml', ...headers },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${fields}<RequestId>4442587FB7D0A2F9</RequestId></Error>`,
  };
}

export interface S3FaultServer {
  endpoint: string;
  port: number;
  /** Answers this operation so from now on (an answer of 'silent': never answers, for time-outs). */
  fail(operation: S3Operation, answer: S3Answer | 'silent'): void;
  /** Adds these headers to the operation's usual answer (x-amz-version-id, x-amz-server-side-encryption). */
  addHeaders(operation: S3Operation, headers: Record<string, string>): void;
  /** Answers a bucket setting's read with this document (its XML, as AWS sends it). */
  setting(
    operation: 'GetBucketVersioning' | 'GetObjectLockConfiguration' | 'GetBucketEncryption',
    xml: string,
  ): void;
  /** Forgets the failures, headers, settings and objects. */
  reset(): void;
  close(): Promise<void>;
}

function operationOf(request: IncomingMessage): S3Operation | null {
  const url = new URL(request.url ?? '/', 'http://s3');
  const [, , ...key] = url.pathname.split('/');
  const params = url.searchParams;
  if (request.method === 'PUT' && key.length) return 'PutObject';
  if (request.method === 'DELETE' && key.length) return 'DeleteObject';
  if (request.method !== 'GET') return null;
  if (key.length && key.join('/') !== '') return 'GetObject';
  if (params.has('versioning')) return 'GetBucketVersioning';
  if (params.has('object-lock')) return 'GetObjectLockConfiguration';
  if (params.has('encryption')) return 'GetBucketEncryption';
  if (params.get('list-type') === '2') return 'ListObjectsV2';
  return null;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf-8')));
  });

export async function startS3FaultServer(): Promise<S3FaultServer> {
  const objects = new Map<string, string>();
  const answers = new Map<S3Operation, S3Answer | 'silent'>();
  const extraHeaders = new Map<S3Operation, Record<string, string>>();
  const settings = new Map<S3Operation, string>();
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const operation = operationOf(request);
    const url = new URL(request.url ?? '/', 'http://s3');
    const [, bucket = '', ...parts] = url.pathname.split('/');
    const key = decodeURIComponent(parts.join('/'));
    const answer = operation ? answers.get(operation) : undefined;
    if (answer === 'silent') return;
    const send = ({ status, headers = {}, body: payload = '' }: S3Answer) => {
      const added = answer || !operation ? {} : extraHeaders.get(operation);
      response.writeHead(status, { 'content-length': Buffer.byteLength(payload), ...headers, ...added });
      response.end(payload);
    };
    if (answer) return send(answer);
    const setting = operation ? settings.get(operation) : undefined;
    if (setting) {
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${setting}`;
      return send({ status: 200, headers: { 'content-type': 'application/xml' }, body: xml });
    }
    switch (operation) {
      case 'PutObject':
        objects.set(key, body);
        return send({ status: 200, headers: { etag: '"probe"' } });
      case 'GetObject': {
        const found = objects.get(key);
        return found === undefined
          ? send(awsError(404, 'NoSuchKey', 'The specified key does not exist.'))
          : send({ status: 200, headers: { 'content-type': 'text/plain' }, body: found });
      }
      case 'ListObjectsV2': {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((name) => name.startsWith(prefix));
        const contents = keys.map((name) => `<Contents><Key>${name}</Key><Size>1</Size></Contents>`).join('');
        return send({
          status: 200,
          headers: { 'content-type': 'application/xml' },
          body: `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        });
      }
      case 'DeleteObject':
        objects.delete(key);
        return send({ status: 204 });
      default:
        return send(
          awsError(
            501,
            'NotImplemented',
            'A header you provided implies functionality that is not implemented.',
          ),
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    fail: (operation, answer) => answers.set(operation, answer),
    addHeaders: (operation, headers) => extraHeaders.set(operation, headers),
    setting: (operation, xml) => settings.set(operation, xml),
    reset: () => {
      answers.clear();
      extraHeaders.clear();
      settings.clear();
      objects.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
