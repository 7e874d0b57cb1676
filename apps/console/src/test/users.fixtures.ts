import type { Group, User } from '@skyvault/contract';

/** Rows as the API answers them, for the tests of the users, groups and identity provider screens. */
export const salesGroup: Group = {
  id: '2b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e',
  name: 'Sales team',
  description: '',
  roleId: '3c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f',
  role: { id: '3c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f', name: 'Viewers' },
  roleName: 'Viewers',
  userCount: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

export const grace: User = {
  id: '6d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  groupId: salesGroup.id,
  group: { id: salesGroup.id, name: salesGroup.name },
  status: 'Confirmed',
  isEnableMfa: true,
  isAdmin: false,
  adminRoles: [],
  scimManaged: false,
  lastSignInAt: '2025-03-06T08:15:00.000Z',
  invitation: null,
  createdAt: '2025-03-04T14:05:00.000Z',
  updatedAt: '2025-03-05T09:30:00.000Z',
};
