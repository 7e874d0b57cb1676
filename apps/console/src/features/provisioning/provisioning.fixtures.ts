import type { ApiToken } from '@skyvault/contract';

const DAY = 24 * 60 * 60 * 1000;

export const SCIM_BASE_URL = 'https://console.example.com/scim/v2';

export const oktaToken: ApiToken = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  name: 'Okta provisioning',
  scope: 'scim',
  prefix: 'svt_OkTa',
  createdBy: { id: '6f4a5b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c', name: 'Ada Admin', email: 'ada@example.com' },
  createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  expiresAt: new Date(Date.now() + 300 * DAY).toISOString(),
  // A local time, so the expected text holds in any time zone.
  lastUsedAt: new Date(2025, 2, 5, 9, 30).toISOString(),
  lastUsedIp: '198.51.100.7',
};

/** Not a SCIM token: the page leaves it to Security → API Tokens. */
export const deployToken: ApiToken = {
  ...oktaToken,
  id: '5e3f4a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
  name: 'Deploy script',
  scope: 'admin',
  prefix: 'svt_AbCd',
};
