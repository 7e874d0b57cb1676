import type { SealedAt } from './secrets.js';

/**
 * Rows of no tenant are bound to a word for their scope instead of a tenant id, so that a tenant's
 * value copied into them (or back) does not decrypt either. (The words are those v1 values were
 * sealed with, so that those still open.)
 */
export const SHARED_SCOPE = 'shared';
export const SIGNING_KEY_SCOPE = 'platform:oauth-signing-key';
/** An e-mail of no tenant (an operator's, say). */
export const OUTBOX_SCOPE = 'platform:outbox';

const at = (table: string, field: string) => (scope: string, id: string) => ({ scope, table, id, field });

/**
 * Every column that holds a sealed secret, each bound to its row (secrets.ts): one list, so that
 * the re-sealing of older values (reseal.ts) reaches them all.
 */
export const sealedAt = {
  applicationClientSecret: at('applications', 'client_secret'),
  identityProviderClientSecret: at('identity_providers', 'client_secret'),
  /** Our SP private key for one SAML provider (signs AuthnRequests, decrypts assertions). */
  samlSpPrivateKey: at('saml_identity_providers', 'sp_private_key'),
  mfaDeviceSecret: at('mfa_devices', 'secret'),
  connectionEncryptionKey: at('connections', 'encryption_key'),
  connectionAccessToken: at('connections', 'access_token'),
  connectionRefreshToken: at('connections', 'refresh_token'),
  /** A webhook endpoint's signing secret, the one before its last rotation, and its full URL. */
  webhookSecret: at('webhook_endpoints', 'secret'),
  webhookPreviousSecret: at('webhook_endpoints', 'previous_secret'),
  webhookUrl: at('webhook_endpoints', 'url_sealed'),
  /** A log stream's signing secret, Splunk token or Datadog API key. */
  logStreamSecret: at('log_streams', 'secret'),
  /** A round trip to Salesforce or an identity provider; its row is named by the state's hash. */
  oauthStateCodeVerifier: at('oauth_states', 'code_verifier'),
  storageCredentials: (tenantId: string | null, id: string): SealedAt =>
    at('storages', 'credentials')(tenantId ?? SHARED_SCOPE, id),
  /** A queued e-mail's subject and bodies (platform/outbox). */
  outboxBody: (tenantId: string | null, id: string): SealedAt =>
    at('outbox_messages', 'body')(tenantId ?? OUTBOX_SCOPE, id),
  /** The authorization server's private keys belong to the platform; a key's row is its kid. */
  signingKey: (kid: string): SealedAt => at('oidc_keys', 'private_jwk')(SIGNING_KEY_SCOPE, kid),
} satisfies Record<string, (...args: never[]) => SealedAt>;
