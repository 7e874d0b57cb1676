import type { IdentityProvider } from '@skyvault/contract';
import { salesGroup } from '../../test/users.fixtures';

export { salesGroup };

/** A provider as the API answers it (no client secret: it is write-only). */
export const oktaProvider: IdentityProvider = {
  id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Okta',
  type: 'OpenId',
  active: true,
  buttonText: '',
  buttonImageId: '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  defaultGroupId: salesGroup.id,
  providerData: { clientId: 'okta-client', issuer: 'https://acme.okta.example.com' },
  credentialsExpireAt: null,
  createdAt: '2025-03-04T14:05:00.000Z',
  updatedAt: '2025-03-05T09:30:00.000Z',
};

export const providerUrl = `/api/v1/identity-providers/${oktaProvider.id}`;

/** The group picker's answer: one batch with the sales group. */
export const groupsAnswer = { body: { groups: [salesGroup], total: 1 } };

/** A SAML provider as the API answers it: what its metadata said, the mapping, our SP side. */
export const entraProvider: IdentityProvider = {
  id: '7c1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e',
  name: 'Entra',
  type: 'Saml',
  active: true,
  buttonText: '',
  buttonImageId: null,
  defaultGroupId: null,
  credentialsExpireAt: '2028-01-01T00:00:00.000Z',
  providerData: {
    idpEntityId: 'https://sts.windows.net/tenant-id/',
    ssoUrl: 'https://login.microsoftonline.com/tenant-id/saml2',
    ssoBinding: 'Redirect',
    metadataUrl: '',
    certificates: [
      {
        subject: 'CN=Microsoft Azure Federated SSO Certificate',
        notAfter: '2028-01-01T00:00:00.000Z',
        fingerprint: 'AA:BB',
      },
    ],
    certificateNotAfter: '2028-01-01T00:00:00.000Z',
    emailAttribute: 'email',
    firstNameAttribute: 'firstName',
    lastNameAttribute: 'lastName',
    clockSkewSeconds: 60,
    wantAssertionsSigned: true,
    allowIdpInitiated: false,
    sp: {
      entityId: 'https://console.example.com/api/v1/sso/saml/7c1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e/metadata',
      acsUrl: 'https://console.example.com/api/v1/sso/saml/7c1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e/acs',
      metadataUrl:
        'https://console.example.com/api/v1/sso/saml/7c1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e/metadata',
    },
  },
  createdAt: '2025-03-04T14:05:00.000Z',
  updatedAt: '2025-03-05T09:30:00.000Z',
};
