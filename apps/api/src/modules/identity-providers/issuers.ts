import { ISSUER_MESSAGES } from '@skyvault/contract';
import * as oidc from 'openid-client';
import {
  checkUrlHost,
  createOutboundFetch,
  OutboundError,
  type OutboundPolicy,
} from '../../platform/outbound/outbound.js';

/** Discovery documents change rarely; a few minutes spare every sign-in a round trip to the provider. */
const DISCOVERY_TTL_MS = 5 * 60 * 1000;
/** Bounds the cache: a tenant cannot grow our memory by saving many issuers. */
const DISCOVERY_CACHE_SIZE = 500;

/** A discovery failure, with a message for the issuer field (no provider text, no secret). */
export class IssuerError extends Error {
  override name = 'IssuerError';
}

function causeOf(error: unknown): OutboundError | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof OutboundError) return e;
  }
  return null;
}

const toIssuerError = (error: unknown) => {
  const outbound = causeOf(error);
  return new IssuerError(outbound ? ISSUER_MESSAGES[outbound.reason] : ISSUER_MESSAGES.discovery);
};

/**
 * The start of a sign-in sends the browser to the authorization endpoint that discovery announces, so
 * only one on the issuer's own scheme, host and port is taken: an issuer cannot turn the console's
 * start link into a redirect to anywhere. (Strict on purpose: an identity provider that logs in on
 * another host than its issuer, even of the same domain, is not supported.)
 */
function onIssuerHost(endpoint: string, issuer: URL) {
  const url = URL.parse(endpoint);
  return !!url && url.protocol === issuer.protocol && url.host === issuer.host;
}

export interface ProviderCredentials {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * OpenID Connect issuers through openid-client, every request going through the outbound policy.
 * Plain http is used only for loopback issuers (the contract takes no other), and only when private
 * networks are allowed, since loopback is one of them.
 */
export function createIssuers(policy: Omit<OutboundPolicy, 'maxBytes'>) {
  const fetch = createOutboundFetch({ ...policy, maxBytes: 512 * 1024 });
  const cache = new Map<string, { metadata: oidc.ServerMetadata; expiresAt: number }>();
  const insecure = (issuer: URL) => issuer.protocol === 'http:';

  async function discover(issuer: string): Promise<oidc.ServerMetadata> {
    const url = new URL(issuer);
    try {
      checkUrlHost(url, policy);
      const config = await oidc.discovery(url, 'discovery', undefined, oidc.None(), {
        [oidc.customFetch]: fetch as oidc.CustomFetch,
        timeout: Math.ceil(policy.timeoutMs / 1000),
        execute: insecure(url) ? [oidc.allowInsecureRequests] : [],
      });
      const metadata = config.serverMetadata();
      if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
        throw new IssuerError(ISSUER_MESSAGES.discovery);
      }
      if (!onIssuerHost(metadata.authorization_endpoint, url)) {
        throw new IssuerError(ISSUER_MESSAGES.authorization);
      }
      // The outbound policy holds for the browser's destination as for our own requests.
      checkUrlHost(new URL(metadata.authorization_endpoint), policy);
      return { ...metadata };
    } catch (error) {
      throw error instanceof IssuerError ? error : toIssuerError(error);
    }
  }

  /** Keeps a discovery for a few minutes; the oldest entry makes room when the cache is full. */
  function remember(issuer: string, metadata: oidc.ServerMetadata) {
    cache.delete(issuer);
    if (cache.size >= DISCOVERY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(issuer, { metadata, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    return metadata;
  }

  return {
    /** Fetches the issuer's discovery now (saving a provider: early feedback), and caches it. */
    async check(issuer: string): Promise<void> {
      remember(issuer, await discover(issuer));
    },

    /** A client configuration for one provider, from a recent discovery when there is one. */
    async configuration(provider: ProviderCredentials): Promise<oidc.Configuration> {
      const cached = cache.get(provider.issuer);
      const metadata =
        cached && cached.expiresAt > Date.now()
          ? cached.metadata
          : remember(provider.issuer, await discover(provider.issuer));
      const config = new oidc.Configuration(
        metadata,
        provider.clientId,
        undefined,
        oidc.ClientSecretBasic(provider.clientSecret),
      );
      config[oidc.customFetch] = fetch as oidc.CustomFetch;
      config.timeout = Math.ceil(policy.timeoutMs / 1000);
      if (insecure(new URL(provider.issuer))) oidc.allowInsecureRequests(config);
      return config;
    },

    /** Forgets an issuer's discovery (a sign-in that failed may have met a changed provider). */
    forget(issuer: string) {
      cache.delete(issuer);
    },
  };
}

export type Issuers = ReturnType<typeof createIssuers>;
