import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { assertKeepsEnforcedRoute } from '../domains/index.js';
import { createIconService } from '../icons/index.js';
import { createIdentityProviderService, createIssuers } from '../identity-providers/index.js';
import type { MfaService } from '../mfa/index.js';
import type { PasskeyService } from '../passkeys/index.js';
import { createSamlSettings } from '../saml/index.js';
import type { SessionService } from '../sessions/index.js';
import type { SignInAlerts } from '../sign-in-alerts/index.js';
import { createSsoService } from './sso.service.js';

/** Issuers answer discovery within this, or the save or sign-in reports them unreachable. */
const ISSUER_TIMEOUT_MS = 5000;

/**
 * The services of single sign-on, built together because the identity providers' screens and the
 * sign-in share one view of the issuers (the outbound policy and the discovery cache).
 */
export function createSingleSignOn(deps: {
  config: Config;
  database: Database;
  secrets: SecretBox;
  limiter: RateLimiter;
  sessions: SessionService;
  mfa: MfaService;
  passkeys: Pick<PasskeyService, 'support' | 'countForUser' | 'secondFactorOptions' | 'acceptSecondFactor'>;
  alerts: Pick<SignInAlerts, 'inTransaction' | 'nudge'>;
  log: FastifyBaseLogger;
}) {
  const { config, database, secrets, limiter } = deps;
  const issuers = createIssuers({
    allowPrivateNetworks: config.outbound.allowPrivateNetworks,
    timeoutMs: ISSUER_TIMEOUT_MS,
  });
  const saml = createSamlSettings({
    secrets,
    publicUrl: config.publicUrl,
    outbound: { allowPrivateNetworks: config.outbound.allowPrivateNetworks, timeoutMs: ISSUER_TIMEOUT_MS },
  });
  return {
    identityProviders: createIdentityProviderService({
      database,
      secrets,
      issuers,
      limiter,
      saml,
      keepsEnforcedRoute: assertKeepsEnforcedRoute,
    }),
    icons: createIconService({ database }),
    sso: createSsoService({ ...deps, issuers, saml, publicUrl: config.publicUrl }),
  };
}
