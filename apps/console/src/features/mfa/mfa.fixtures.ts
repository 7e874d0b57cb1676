import type { MfaDevice, MfaStatus } from '@skyvault/contract';

/** The device the screens' tests open, and its address in the API. */
export const DEVICE_ID = '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b';
export const DEVICE_PATH = `/api/v1/mfa/${DEVICE_ID}`;

/** The 'Work-phone' device in this status, as the API answers it. */
export const workPhone = (status: MfaStatus): MfaDevice => ({
  id: DEVICE_ID,
  name: 'Work-phone',
  status,
  createdAt: '2025-03-04T14:05:00.000Z',
  updatedAt: '2025-03-05T09:30:00.000Z',
});

/**
 * What the MFA Devices page asks besides its devices, as for a user with no passkey and no recovery
 * codes yet, on a console that can offer passkeys: spread into a test's stubFetch answers.
 */
export const mfaPageAnswers = {
  'GET /api/v1/mfa/passkeys': { body: { passkeys: [] } },
  'GET /api/v1/auth/passkeys/support': { body: { available: true, rpId: 'localhost', reason: null } },
  'GET /api/v1/mfa/recovery-codes': { body: { remaining: 0, total: 0, createdAt: null, enrolled: false } },
};
