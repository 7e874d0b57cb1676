import { startS3Server } from '../apps/api/test/s3-server';
import { E2E_S3_BUCKET } from './tests/s3-peer.keys';

/**
 * The S3-compatible server of the browser tests (storages-health.spec.ts): the API tests' s3rver
 * (apps/api/test/s3-server.ts) on 127.0.0.1:E2E_S3_PORT with the bucket E2E_S3_BUCKET. It knows the API
 * tests' key pair (E2E_S3_KEYS). playwright.config.ts runs it as a web server.
 */
const port = Number(process.env.E2E_S3_PORT);
if (!port) throw new Error('E2E_S3_PORT is not set (playwright.config.ts sets it)');
await startS3Server({ port, buckets: [E2E_S3_BUCKET] });
