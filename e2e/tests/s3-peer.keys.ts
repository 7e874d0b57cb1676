/**
 * The S3-compatible server the storage specs back up to: s3rver, started by playwright.config.ts
 * (../s3-peer.ts) on 127.0.0.1:E2E_S3_PORT with one bucket. s3rver knows only the access key IDs it
 * was given (it does not check signatures).
 */
export const E2E_S3_BUCKET = 'e2e-backups';
export { S3_TEST_KEYS as E2E_S3_KEYS } from '../../apps/api/test/s3-keys';

/** Where the storages' Endpoint points. */
export const e2eS3Endpoint = (): string => {
  const port = process.env.E2E_S3_PORT;
  if (!port) throw new Error('E2E_S3_PORT is not set (playwright.config.ts sets it)');
  return `http://127.0.0.1:${port}`;
};
