import type {
  Connection,
  ConnectionCheck,
  ConnectionDetail,
  ConnectionHistory,
  Storage,
} from '@skyvault/contract';
import { adminUser } from './fixtures';

/** Rows as the API answers them, for the tests of the connections and roles screens. */
export const productionConnection: Connection = {
  id: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  connectionId: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  name: 'acme-prod',
  type: 'Salesforce',
  organizationType: 'Production',
  userName: 'admin@acme.example.com',
  status: 'connected',
  lastError: null,
  createdBy: { id: adminUser.id, name: 'Ada Lovelace' },
  // Local time, so the expected text holds in any time zone.
  createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  updatedAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  health: {
    status: 'Healthy',
    reason: null,
    checkedAt: new Date(2025, 2, 7, 8, 15).toISOString(),
    changedAt: new Date(2025, 2, 4, 14, 6).toISOString(),
  },
};

export const failedSandbox: Connection = {
  ...productionConnection,
  id: '6c2e3d4f-5a6b-4c7d-9e8f-0a1b2c3d4e5f',
  connectionId: '6c2e3d4f-5a6b-4c7d-9e8f-0a1b2c3d4e5f',
  name: 'qa-box',
  organizationType: 'Sandbox',
  userName: '',
  status: 'failed',
  lastError: 'Access was denied at the Salesforce login. Use Update Token to try again.',
  createdBy: null,
  createdAt: new Date(2025, 2, 6, 9, 30).toISOString(),
  updatedAt: new Date(2025, 2, 6, 9, 30).toISOString(),
  health: null,
};

/** A connected sandbox no check has reached yet. */
export const uncheckedSandbox: Connection = {
  ...failedSandbox,
  id: '8e4a5b6c-7d8e-4f9a-8b0c-2d3e4f5a6b7c',
  connectionId: '8e4a5b6c-7d8e-4f9a-8b0c-2d3e4f5a6b7c',
  name: 'uat-box',
  userName: 'uat@acme.example.com',
  status: 'connected',
  lastError: null,
};

export const PRODUCTION_ORG_ID = '00D000000000001EAA';

/** The production connection as its page loads it, pinned to its org. */
export const productionDetail: ConnectionDetail = {
  ...productionConnection,
  org: {
    orgId: PRODUCTION_ORG_ID,
    instanceUrl: 'https://acme.my.salesforce.com',
    isSandbox: false,
    apiVersion: '62.0',
    observedOrgId: null,
    earlierOrgIds: [],
  },
  storageId: null,
};

/** A refreshed sandbox: its org answers with a new id, and it had another one before. */
export const changedSandboxDetail: ConnectionDetail = {
  ...uncheckedSandbox,
  health: {
    status: 'OrgChanged',
    reason: 'org_id_changed',
    checkedAt: new Date(2025, 2, 8, 10, 0).toISOString(),
    changedAt: new Date(2025, 2, 8, 10, 0).toISOString(),
  },
  org: {
    orgId: '00D000000000002EAA',
    instanceUrl: 'https://acme--uat.sandbox.my.salesforce.com',
    isSandbox: true,
    apiVersion: '62.0',
    observedOrgId: '00D000000000003EAA',
    earlierOrgIds: [{ orgId: '00D000000000009EAA', until: new Date(2025, 1, 1, 12, 0).toISOString() }],
  },
  storageId: null,
};

const check = (overrides: Partial<ConnectionCheck>): ConnectionCheck => ({
  id: '9f5b6c7d-8e9f-4a0b-9c1d-3e4f5a6b7c8d',
  checkedAt: new Date(2025, 2, 7, 8, 15).toISOString(),
  trigger: 'schedule',
  status: 'Healthy',
  reason: null,
  apiUsed: 1200,
  apiMax: 15000,
  orgId: PRODUCTION_ORG_ID,
  instanceUrl: 'https://acme.my.salesforce.com',
  isSandbox: false,
  apiVersion: '62.0',
  durationMs: 245,
  ...overrides,
});

/** Two checks, newest first, and two days of API usage, oldest first. */
export const productionHistory: ConnectionHistory = {
  checks: [
    check({}),
    check({
      id: 'a06c7d8e-9f0a-4b1c-8d2e-4f5a6b7c8d9e',
      checkedAt: new Date(2025, 2, 6, 8, 15).toISOString(),
      trigger: 'manual',
      status: 'Degraded',
      reason: 'salesforce_unavailable',
      apiUsed: null,
      apiMax: null,
      durationMs: 5012,
    }),
  ],
  usage: [
    { day: '2025-03-06', used: 900, max: 15000 },
    { day: '2025-03-07', used: 1200, max: 15000 },
  ],
};

export const ownStorage: Storage = {
  id: '7d3f4e5a-6b7c-4d8e-8f9a-1b2c3d4e5f6a',
  name: 'vault',
  type: 'Local',
  isSharedStorage: false,
  credentials: {},
  health: {
    status: null,
    problem: null,
    checkedAt: null,
    lastSuccessAt: null,
    changedAt: null,
    properties: null,
  },
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};
