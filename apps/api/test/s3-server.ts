import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restartablePort } from './ports.js';
import { S3_TEST_KEYS } from './s3-keys.js';

/**
 * A local S3-compatible server (s3rver, in-process on 127.0.0.1) for storage tests: the official AWS SDK
 * talks to it as to AWS, with `endpoint` set and path-style addressing. Its buckets live in a temp
 * folder, so they survive stop() and start() (a test stops the server to see a storage turn
 * Unreachable, and starts it again on the same port to see it recover).
 *
 * s3rver checks only that the access key ID is known: it does not verify SigV4 signatures, so a wrong
 * secret passes here (the probe's unit tests cover SignatureDoesNotMatch). It knows the keys below.
 *
 *   const s3 = await startS3Server({ buckets: ['backups'] });
 *   … credentials: { region: 'us-east-1', bucketName: 'backups', endpoint: s3.endpoint, ...S3_TEST_KEYS } …
 *   await s3.stop();
 */

export { S3_TEST_KEYS };

export interface S3ServerOptions {
  /** Buckets that exist from the start. */
  buckets?: string[];
  /** A fixed port (the browser tests'); by default a free one below the ephemeral range (ports.ts), kept across stop() and start(). */
  port?: number;
}

export interface TestS3Server {
  /** http://127.0.0.1:PORT, the value for a storage's `endpoint`. */
  endpoint: string;
  port: number;
  /** Stops answering: open connections are cut, the port is released, the buckets kept. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same buckets. */
  start(): Promise<void>;
  /** Stops and removes the buckets' folder (afterAll). */
  close(): Promise<void>;
}

interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
}
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
  store: S3rverStore;
}
interface S3rverClass {
  new (options: Record<string, unknown>): S3rverInstance;
}
interface S3rverAccount {
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
}

// s3rver is CommonJS without types; its account registry is module state that both requires share.
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as S3rverClass;
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: S3rverAccount };
DUMMY_ACCOUNT.createKeyPair(S3_TEST_KEYS.accessKeyId, S3_TEST_KEYS.secretAccessKey);

/**
 * s3rver keeps a key's "folders" as directories and removes them when their last object goes. A write
 * into the same folder at that moment fails to open its file, and s3rver cuts that connection: the
 * hourly checks run three at a time against one bucket, each writing and deleting under
 * skyvault-probe/, and one of them met an Unreachable that no real S3 gives (S3 has no folders). Here
 * a delete removes the object's files only; the empty directories go with the temp folder at close().
 */
function keepFolders(store: S3rverStore) {
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        rm(store.getResourcePath(bucket, key, resource), { force: true }),
      ),
    );
  };
}

/**
 * Until the server answers an HTTP request (any status): listening is not yet answering, and a check
 * made at once after a restart must meet the server, not the moment before it.
 */
async function untilAnswering(url: string) {
  for (const until = Date.now() + 5_000; ; ) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) }).then((answer) => answer.arrayBuffer());
      return;
    } catch (error) {
      if (Date.now() > until) throw new Error(`The S3 server at ${url} does not answer`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export async function startS3Server(options: S3ServerOptions = {}): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'skyvault-s3rver-'));
  const buckets = (options.buckets ?? []).map((name) => ({ name }));
  let port = options.port ?? (await restartablePort());
  let running: S3rverInstance | null = null;

  const start = async () => {
    if (running) return;
    // A new instance each time: s3rver closes its logger when its server closes. The folder keeps the data.
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: buckets,
      // Path-style only, as the probe addresses a custom endpoint (forcePathStyle).
      vhostBuckets: false,
    });
    keepFolders(server.store);
    const address = await server.run();
    port = address.port;
    running = server;
    await untilAnswering(`http://127.0.0.1:${port}/`);
  };

  const stop = async () => {
    const server = running;
    if (!server) return;
    running = null;
    // The SDK keeps connections alive; close() alone would wait for them.
    server.httpServer?.closeAllConnections();
    await server.close();
  };

  await start();
  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
