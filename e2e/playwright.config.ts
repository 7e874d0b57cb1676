import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the built server (`npm run build`), started on a fresh embedded data dir,
 * in Debian's Chromium: this machine cannot download Playwright's own browsers.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'skyvault-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const baseURL = `http://localhost:${port}`;

/**
 * Salesforce's login service, stood in for by a local server (apps/api/test/salesforce-stand-in.ts) that
 * approves every login at once. It runs as a web server of its own: Playwright starts web servers before
 * globalSetup, and the API only calls it once a test logs in to an org.
 */
const salesforcePort = Number(process.env.E2E_SALESFORCE_PORT ?? 8189);
const salesforceURL = `http://127.0.0.1:${salesforcePort}`;
const salesforceEnv = {
  SALESFORCE_LOGIN_URL: salesforceURL,
  SALESFORCE_SANDBOX_LOGIN_URL: salesforceURL,
  SALESFORCE_CLIENT_ID: 'e2e-client-id',
  SALESFORCE_CLIENT_SECRET: 'e2e-client-secret',
};

/**
 * The DNS server the Domains spec starts (domains.spec.ts) on a fixed port: the server's TXT look-ups go
 * there. Told to the specs the way the data dir is.
 */
const dnsPort = Number(process.env.E2E_DNS_PORT ?? port + 11);
process.env.E2E_DNS_PORT = String(dnsPort);

/**
 * The S3-compatible server (s3rver, ./s3-peer.ts) that the storage health spec's storages back up to.
 * The API may reach it: custom endpoints are enabled, and private addresses allowed (OUTBOUND_PRIVATE_NETWORKS).
 */
const s3Port = Number(process.env.E2E_S3_PORT ?? port + 13);
process.env.E2E_S3_PORT = String(s3Port);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'laptop', use: { browserName: 'chromium', viewport: { width: 1366, height: 800 } } }],
  webServer: [
    {
      command: 'node --import tsx ../apps/api/test/salesforce-stand-in.ts',
      url: `${salesforceURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { ...salesforceEnv, SALESFORCE_STAND_IN_PORT: String(salesforcePort) },
    },
    {
      command: 'node --import tsx s3-peer.ts',
      // s3rver lists its buckets at / once it is up.
      url: `http://127.0.0.1:${s3Port}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_S3_PORT: String(s3Port) },
    },
    {
      command: 'node ../apps/api/dist/main.js',
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        SERVICE_URL_BACKUP: 'https://backup.example.com',
        SERVICE_URL_DEVOPS: 'https://devops.example.com',
        // The SSO spec's identity provider runs on 127.0.0.1 (sso.spec.ts), a loopback issuer.
        OUTBOUND_PRIVATE_NETWORKS: 'true',
        DNS_SERVERS: `127.0.0.1:${dnsPort}`,
        DNS_TIMEOUT_MS: '2000',
        STORAGE_CUSTOM_ENDPOINTS: 'true',
        // Every spec signs up from 127.0.0.1: more organizations in an hour than one address may make
        // (10, the default; the limit itself has its API test, tenants.test.ts).
        RATE_LIMIT_SIGN_UPS_PER_ADDRESS: '100/3600',
        ...salesforceEnv,
      },
    },
  ],
});
