import type { ApiToken } from '@skyvault/contract';

const DAY = 24 * 60 * 60 * 1000;

/** Tokens as the API lists them, for the tests of the API tokens and provisioning screens. */
export const deployToken: ApiToken = {
  id: '5e3f4a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
  name: 'Deploy script',
  scope: 'admin',
  prefix: 'svt_AbCd',
  createdBy: { id: '6f4a5b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c', name: 'Ada Admin', email: 'ada@example.com' },
  // Local times, so the expected text holds in any time zone.
  createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
  lastUsedAt: new Date(2025, 2, 5, 9, 30).toISOString(),
  lastUsedIp: '198.51.100.7',
};

export const oldToken: ApiToken = {
  id: '7a5b6c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  name: 'Old reader',
  scope: 'read',
  prefix: 'svt_WxYz',
  createdBy: null,
  createdAt: new Date(2024, 0, 2, 8, 0).toISOString(),
  expiresAt: new Date(2024, 3, 1, 8, 0).toISOString(),
  lastUsedAt: null,
  lastUsedIp: null,
};

/** A SCIM token: the provisioning screen lists only tokens like it. */
export const oktaToken: ApiToken = {
  ...deployToken,
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  name: 'Okta provisioning',
  scope: 'scim',
  prefix: 'svt_OkTa',
  expiresAt: new Date(Date.now() + 300 * DAY).toISOString(),
};
