import type { Connection, Storage } from '@skyvault/contract';
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
};

export const ownStorage: Storage = {
  id: '7d3f4e5a-6b7c-4d8e-8f9a-1b2c3d4e5f6a',
  name: 'vault',
  type: 'Local',
  isSharedStorage: false,
  credentials: {},
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};
