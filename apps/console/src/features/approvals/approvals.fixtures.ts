import type { ApprovalRequest } from '@skyvault/contract';

/** A pending request to delete a connection, as the inbox lists it to an administrator who may decide it. */
export const pendingDelete: ApprovalRequest = {
  id: '8c2f3a64-1b7e-4c2d-9a51-0d4e6f7a8b90',
  action: 'connection.delete',
  status: 'pending',
  targetType: 'connection',
  targetId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  targetName: 'acme-prod',
  details: { params: { id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' } },
  reason: 'Org retired',
  requestedBy: { id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d', email: 'ana@acme.example', name: 'Ana Ortiz' },
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  comment: null,
  executedAt: null,
  failureReason: null,
  canDecide: true,
  canCancel: false,
};

/** A pending elevation an administrator asked for themselves: the Environment administrator role for 4 hours. */
export const pendingElevation: ApprovalRequest = {
  ...pendingDelete,
  id: '2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d',
  action: 'elevation.request',
  targetType: 'user',
  targetId: pendingDelete.requestedBy.id,
  targetName: 'ana@acme.example',
  details: { role: 'EnvironmentAdministrator', durationMinutes: 240 },
  reason: 'Restore for ticket 981',
};
