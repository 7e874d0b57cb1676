import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_S3_BUCKET, E2E_S3_KEYS } from './tests/s3-peer.keys';

/**
 * The S3-compatible server of the browser tests (storages-health.spec.ts): s3rver on
 * 127.0.0.1:E2E_S3_PORT with the bucket E2E_S3_BUCKET and the key pair E2E_S3_KEYS, its objects in a
 * fresh temp folder. playwright.config.ts runs it as a web server.
 */
interface S3rverClass {
  new (options: Record<string, unknown>): { run(): Promise<unknown> };
}

const port = Number(process.env.E2E_S3_PORT);
if (!port) throw new Error('E2E_S3_PORT is not set (playwright.config.ts sets it)');

// s3rver is CommonJS without types; its account registry is module state that both requires share.
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as S3rverClass;
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
};
DUMMY_ACCOUNT.createKeyPair(E2E_S3_KEYS.accessKeyId, E2E_S3_KEYS.secretAccessKey);

await new S3rver({
  address: '127.0.0.1',
  port,
  silent: true,
  directory: mkdtempSync(join(tmpdir(), 'skyvault-e2e-s3-')),
  configureBuckets: [{ name: E2E_S3_BUCKET }],
  // Path-style only: a virtual-host bucket name in 127.0.0.1 would be read as a bucket.
  vhostBuckets: false,
}).run();
