import { type AdminRole, MESSAGES, permissionsOf, type SessionUser } from '@skyvault/contract';
import { apiError } from './fetchStub';

export const adminUser: SessionUser = {
  id: '0b6f2d1e-4c1a-4f7e-9a53-2d1f8e7c6b5a',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: true,
  tenant: { id: '7d9c3b2a-1e4f-4a8b-9c6d-5e4f3a2b1c0d', name: 'acme' },
  services: ['backup', 'devOps'],
};

export const memberUser: SessionUser = { ...adminUser, isAdmin: false };

/** An administrator holding these roles, with the permissions they give (as GET /auth/session answers). */
export const administrator = (...adminRoles: AdminRole[]): SessionUser => ({
  ...adminUser,
  adminRoles,
  permissions: permissionsOf(adminRoles),
});

/** The API's answer to a 6-digit code that none of the user's authenticator apps gives now. */
export const incorrectCode = apiError(400, 'INVALID_TOTP', MESSAGES.mfaCodeIncorrect, {
  code: MESSAGES.mfaCodeIncorrect,
});

/** GET /v1/capabilities: what the platform offers (Salesforce set up unless said) and whom to contact. */
export const capabilities = (
  answer: { salesforceConnections?: boolean; supportContact?: string | null } = {},
) => ({
  'GET /api/v1/capabilities': {
    body: {
      salesforceConnections: answer.salesforceConnections ?? true,
      supportContact: answer.supportContact ?? null,
    },
  },
});
