import { type Application, DAY_MS, MINUTE_MS } from '@skyvault/contract';
import { apiError } from '../../test/fetchStub';

/** Apps as the API answers them, for the screens' tests. */
export const portal: Application = {
  id: '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Customer Portal',
  clientId: 'cl_8f3a9b1c2d4e5f60718293a4',
  clientSecret: 'sec_Zx81pQ0w7e6r5t4y3u2i1o9pAb',
  active: true,
  shared: false,
  // Local time, so the expected text holds in any time zone.
  createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  updatedAt: new Date(2025, 2, 5, 9, 30).toISOString(),
  data: {
    oauth: {
      allowedFlows: ['authorization_code'],
      allowedScopes: [],
      authorizedCallbackURLs: [
        'https://portal.example.com/callback',
        'https://portal.example.com/alt',
        'https://staging.portal.example.com/callback',
      ],
      authorizedSignOutURLs: [],
    },
    authorizationPolicy: { accessTokenLifetime: 60 * MINUTE_MS, refreshTokenLifetime: 14 * DAY_MS },
  },
};

export const disabledApp: Application = {
  ...portal,
  id: '4b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  name: 'Billing',
  clientId: 'cl_11aa22bb33cc44dd55ee66ff',
  clientSecret: 'sec_0000aaaa1111bbbb2222cccc33',
  active: false,
  shared: true,
};

/** A list row: the app without its OAuth data. */
export const listItem = ({ data: _data, ...row }: Application) => row;

export const notFound = apiError(404, 'NOT_FOUND', 'Application not found.');
export const sessionEnded = apiError(401, 'INVALID_SESSION_EXCEPTION', 'Session expired');
