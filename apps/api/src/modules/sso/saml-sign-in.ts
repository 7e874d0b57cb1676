import { randomBytes } from 'node:crypto';
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import {
  type SamlTestResult,
  safeRedirectPath,
  samlAcsUrl,
  samlSpEntityId,
  samlTestResultPage,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { hashToken } from '../../lib/token-hash.js';
import * as states from '../../platform/oauth-states/oauth-states.repository.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { tenantRouteOfEmail } from '../domains/index.js';
import { PROVIDER_NOT_FOUND } from '../identity-providers/index.js';
import {
  assertionFacts,
  findTestResult,
  insertTestResult,
  markAssertionSeen,
  responseDestination,
  type SamlSettingsRow,
} from '../saml/index.js';
import type { SignInMeta } from '../sign-in-alerts/index.js';
import type * as repo from './sso.repository.js';
import type { ProviderClaims, ProviderRef } from './sso-accounts.js';
import { newBrowserKey, nonceOf } from './sso-browser.js';
import { failedSignIn, Refusal } from './sso-outcome.js';

/** The `purpose` of our rows in oauth_states: a SAML round trip, and an administrator's test of one. */
export const SAML_PURPOSE = 'saml';
export const SAML_TEST_PURPOSE = 'saml-test';
/** How long a started sign-in may take at the identity provider (as OpenID's). */
const ROUND_TRIP_TTL_MS = 10 * 60 * 1000;
/** How long a test's result can be read. */
const TEST_RESULT_TTL_MS = 15 * 60 * 1000;
/** An assertion without any NotOnOrAfter is remembered this long (it is refused as too old after). */
const ASSERTION_MEMORY_MS = 60 * 60 * 1000;

const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

type Found = NonNullable<Awaited<ReturnType<typeof repo.findProviderById>>>;
export type SamlFinish = (
  tenantId: string,
  provider: ProviderRef,
  claims: ProviderClaims,
  meta: SignInMeta,
  returnTo: string | undefined,
  previous: Actor | null,
) => Promise<{ location: string; session?: { token: string; expiresAt: Date }; email?: string }>;

/** What a start answers: a redirect (HTTP-Redirect binding) or a page that posts the AuthnRequest. */
export type SamlStart =
  | { location: string; browserKey?: string }
  | { post: { action: string; fields: Record<string, string> }; browserKey: string };

const text = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : undefined;
};

/** The attributes as the claims carry them: a name to one value or a list of values (text only). */
function attributesOf(profile: Profile): Record<string, string | string[]> {
  const raw = (profile.attributes ?? {}) as Record<string, unknown>;
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.filter((v): v is string => typeof v === 'string');
  }
  return out;
}

/** The person as the mapping reads them: NameID or the e-mail attribute, and the name attributes. */
function readPerson(profile: Profile, settings: SamlSettingsRow) {
  const attributes = attributesOf(profile);
  const pick = (name: string) => (name ? text(attributes[name]) : undefined);
  return {
    attributes,
    nameId: profile.nameID ?? null,
    nameIdFormat: profile.nameIDFormat ?? null,
    email: settings.emailAttribute ? pick(settings.emailAttribute) : text(profile.nameID),
    firstName: pick(settings.firstNameAttribute),
    lastName: pick(settings.lastNameAttribute),
  };
}

/** A short reason of node-saml's or ours, for the log and the test page (never the XML). */
const reasonOf = (error: unknown) =>
  (error instanceof Refusal ? error.reason : error instanceof Error ? error.message : String(error))
    .replace(/[^\w .:'"()=/,#@-]/g, '')
    .slice(0, 300);

/**
 * Single sign-on through a tenant's SAML 2.0 identity provider (Web Browser SSO profile, SP side, with
 * node-saml). The start sends a signed AuthnRequest and keeps its id in oauth_states, bound to the
 * browser by a key in a cookie that the identity provider's cross-site POST carries (SameSite=None).
 * The ACS accepts a response whose InResponseTo is such a request of the same browser (or, when the
 * administrator allows it, none at all), whose response or assertion is signed by a certificate of the
 * metadata, for our audience, recipient and destination, within its validity (with the allowed skew),
 * and whose assertion id was never accepted before; then the person is signed in as an OpenID
 * provider's would be (`finish`), or, in a test, shown what came.
 */
export function createSamlSignIn(deps: {
  database: Database;
  secrets: SecretBox;
  publicUrl: string;
  log: FastifyBaseLogger;
  finish: SamlFinish;
}) {
  const { database, secrets, publicUrl, log } = deps;

  function clientFor(
    settings: SamlSettingsRow,
    options: { cacheProvider?: CacheProvider; requestId?: string } = {},
  ) {
    const spKey = secrets.open(
      sealedAt.samlSpPrivateKey(settings.tenantId, settings.providerId),
      settings.spPrivateKey,
    );
    const spEntityId = samlSpEntityId(publicUrl, settings.providerId);
    return new SAML({
      callbackUrl: samlAcsUrl(publicUrl, settings.providerId),
      entryPoint: settings.ssoUrl,
      issuer: spEntityId,
      audience: spEntityId,
      idpCert: settings.signingCertificates,
      privateKey: spKey,
      decryptionPvk: spKey,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      // One of the two is always required (node-saml refuses a response with neither signed).
      wantAssertionsSigned: settings.wantAssertionsSigned,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: settings.clockSkewSeconds * 1000,
      validateInResponseTo: settings.allowIdpInitiated
        ? ValidateInResponseTo.ifPresent
        : ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: ROUND_TRIP_TTL_MS,
      cacheProvider: options.cacheProvider,
      identifierFormat: settings.emailAttribute ? null : NAMEID_EMAIL,
      // Asking for a password context would refuse people who signed in at the IdP another way (MFA).
      disableRequestedAuthnContext: true,
      authnRequestBinding: settings.ssoBinding === 'Post' ? 'HTTP-POST' : 'HTTP-Redirect',
      // The HTTP-POST binding carries the request base64 encoded only (deflating is the Redirect binding's).
      skipRequestCompression: settings.ssoBinding === 'Post',
      generateUniqueId: () => options.requestId ?? `_${randomBytes(20).toString('hex')}`,
    });
  }

  /**
   * The ACS's view of InResponseTo (node-saml asks it): the request must be one of ours for this
   * provider, not expired, started by this browser; it is used up at the first look, whatever follows.
   */
  function requestLookup(providerId: string, browserKey: string | undefined) {
    let found: states.OAuthStateRow | null = null;
    let refusal: string | null = null;
    const cacheProvider: CacheProvider = {
      saveAsync: async () => null,
      removeAsync: async () => null,
      async getAsync(requestId) {
        if (found?.stateHash === hashToken(requestId)) return iso(found.createdAt);
        if (found || requestId.length > 256) return null;
        const row = await database.system((tx) => states.findStateByHash(tx, hashToken(requestId)));
        if (
          !row ||
          (row.purpose !== SAML_PURPOSE && row.purpose !== SAML_TEST_PURPOSE) ||
          row.targetId !== providerId
        ) {
          refusal = 'InResponseTo names no request of ours for this provider';
          return null;
        }
        if (!(await database.system((tx) => states.consumeState(tx, row.id)))) {
          refusal = 'request already answered';
          return null;
        }
        found = row;
        if (row.expiresAt.getTime() <= Date.now()) {
          refusal = 'request expired';
          return null;
        }
        if (!browserKey || browserKey.length > 256 || nonceOf(browserKey) !== row.nonce) {
          refusal = 'the sign-in was started in another browser';
          return null;
        }
        return iso(row.createdAt);
      },
    };
    return { cacheProvider, found: () => found, refusal: () => refusal };
  }

  async function validate(
    settings: SamlSettingsRow,
    form: Record<string, string>,
    lookup: ReturnType<typeof requestLookup>,
  ) {
    const acsUrl = samlAcsUrl(publicUrl, settings.providerId);
    const samlResponse = form.SAMLResponse ?? '';
    if (!samlResponse || samlResponse.length > 2 * 1024 * 1024)
      throw new Refusal('SSO_FAILED', 'no SAMLResponse');
    let profile: Profile | null;
    try {
      ({ profile } = await clientFor(settings, {
        cacheProvider: lookup.cacheProvider,
      }).validatePostResponseAsync({
        SAMLResponse: samlResponse,
      }));
    } catch (error) {
      throw new Refusal('SSO_FAILED', lookup.refusal() ?? reasonOf(error));
    }
    if (!profile) throw new Refusal('SSO_FAILED', 'no assertion');
    if (profile.issuer !== settings.idpEntityId)
      throw new Refusal('SSO_FAILED', 'assertion of another issuer');
    const destination = responseDestination(samlResponse);
    if (destination !== null && destination !== acsUrl)
      throw new Refusal('SSO_FAILED', 'response for another destination');
    const facts = assertionFacts(profile.getAssertionXml?.() ?? '');
    if (!facts.id) throw new Refusal('SSO_FAILED', 'assertion without an id');
    if (facts.recipients.length === 0 || facts.recipients.some((r) => r !== acsUrl)) {
      throw new Refusal('SSO_FAILED', 'assertion for another recipient');
    }
    return { profile, facts };
  }

  /** Each assertion once: its id stays in the database until it expires (and the skew past that). */
  async function acceptOnce(settings: SamlSettingsRow, facts: ReturnType<typeof assertionFacts>) {
    const until =
      (facts.notOnOrAfter?.getTime() ?? Date.now() + ASSERTION_MEMORY_MS) + settings.clockSkewSeconds * 1000;
    const first = await database.tenant(settings.tenantId, (tx) =>
      markAssertionSeen(settings.tenantId, tx, {
        providerId: settings.providerId,
        assertionId: facts.id.slice(0, 512),
        expiresAt: new Date(until),
      }),
    );
    if (!first) throw new Refusal('SSO_FAILED', 'assertion already used');
  }

  /** A test's outcome, stored for its result page; answers where the browser goes. */
  async function recordTest(
    settings: SamlSettingsRow,
    userId: string | null,
    outcome: { person?: ReturnType<typeof readPerson>; error?: string },
  ) {
    const person = outcome.person;
    const result: Omit<SamlTestResult, 'id' | 'providerId' | 'createdAt'> = {
      valid: !outcome.error,
      error: outcome.error ?? null,
      nameId: person?.nameId ?? null,
      nameIdFormat: person?.nameIdFormat ?? null,
      email: person?.email ?? null,
      firstName: person?.firstName ?? null,
      lastName: person?.lastName ?? null,
      attributes: person?.attributes ?? {},
    };
    const row = await database.tenant(settings.tenantId, (tx) =>
      insertTestResult(settings.tenantId, tx, {
        providerId: settings.providerId,
        userId,
        result,
        expiresAt: new Date(Date.now() + TEST_RESULT_TTL_MS),
      }),
    );
    return samlTestResultPage(settings.providerId, row.id);
  }

  /** The claims the rest of the system reads: `{ sub: NameID, email, given_name, family_name, ...attributes }`. */
  async function claimsOf(
    settings: SamlSettingsRow,
    person: ReturnType<typeof readPerson>,
  ): Promise<ProviderClaims> {
    if (!person.nameId) throw new Refusal('SSO_FAILED', 'assertion without a NameID');
    // An address is proven by the identity provider only on a domain this tenant verified it owns:
    // elsewhere the IdP's word could hand it any address, and so an existing user's account.
    const verified =
      !!person.email &&
      !!(await database.tenant(settings.tenantId, (tx) =>
        tenantRouteOfEmail(settings.tenantId, tx, person.email!),
      ));
    return {
      ...person.attributes,
      sub: person.nameId,
      email: person.email,
      email_verified: verified,
      given_name: person.firstName,
      family_name: person.lastName,
    };
  }

  return {
    /**
     * A login button (or an administrator's Test sign-in, `test`) of a SAML provider: the AuthnRequest,
     * its id kept for the ACS with the browser key that the route keeps in a cookie.
     */
    async start(
      found: Found,
      settings: SamlSettingsRow,
      returnTo: string | undefined,
      test: Actor | null,
    ): Promise<SamlStart> {
      const { provider } = found;
      if (test && (test.tenantId !== provider.tenantId || !test.isAdmin)) {
        throw new Refusal('SSO_FAILED', 'a test sign-in needs an administrator of the tenant');
      }
      const requestId = `_${randomBytes(20).toString('hex')}`;
      const client = clientFor(settings, { requestId });
      const { browserKey, nonce } = newBrowserKey();
      await database.tenant(provider.tenantId, async (tx) => {
        await states.deleteExpiredStates(tx);
        await states.insertState(provider.tenantId, tx, {
          stateHash: hashToken(requestId),
          purpose: test ? SAML_TEST_PURPOSE : SAML_PURPOSE,
          targetId: provider.id,
          userId: test?.userId ?? null,
          codeVerifier: '',
          nonce,
          redirectUri: samlAcsUrl(publicUrl, provider.id),
          returnTo: returnTo ?? null,
          expiresAt: new Date(Date.now() + ROUND_TRIP_TTL_MS),
        });
      });
      if (settings.ssoBinding === 'Post') {
        const html = await client.getAuthorizeFormAsync('', undefined, {});
        const fields = Object.fromEntries(
          [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
            m[1]!,
            m[2]!,
          ]),
        );
        return { post: { action: settings.ssoUrl, fields }, browserKey };
      }
      return { location: await client.getAuthorizeUrlAsync('', undefined, {}), browserKey };
    },

    /**
     * The identity provider's POST to our ACS. Answers where to send the browser and the session to
     * set when someone was signed in.
     */
    async acs(
      settings: SamlSettingsRow | null,
      found: Found | null,
      form: Record<string, string>,
      browserKey: string | undefined,
      meta: SignInMeta,
      previous: Actor | null,
    ): Promise<{ location: string; session?: { token: string; expiresAt: Date }; email?: string }> {
      let returnTo: string | undefined;
      // Declared wide: the inner finally sets it, which the compiler's narrowing does not follow.
      let testOf = null as { userId: string | null } | null;
      try {
        if (!settings || !found) throw new Refusal('SSO_FAILED', 'provider unknown');
        const lookup = requestLookup(settings.providerId, browserKey);
        let validated: Awaited<ReturnType<typeof validate>>;
        try {
          validated = await validate(settings, form, lookup);
        } finally {
          const request = lookup.found();
          if (request?.purpose === SAML_TEST_PURPOSE) testOf = { userId: request.userId };
          returnTo = request ? (request.returnTo ?? undefined) : safeRedirectPath(form.RelayState);
        }
        const person = readPerson(validated.profile, settings);
        await acceptOnce(settings, validated.facts);
        if (testOf) return { location: await recordTest(settings, testOf.userId, { person }) };
        if (!found.provider.active) throw new Refusal('SSO_FAILED', 'provider disabled');
        if (found.tenant.status !== 'active') throw new Refusal('ACCOUNT_DISABLED', 'tenant not active');
        const claims = await claimsOf(settings, person);
        return await deps.finish(settings.tenantId, found.provider, claims, meta, returnTo, previous);
      } catch (error) {
        if (testOf && settings && (error instanceof Refusal || error instanceof AppError)) {
          log.info({ reason: reasonOf(error) }, 'SAML test sign-in refused');
          return {
            location: await recordTest(settings, testOf.userId, {
              error: reasonOf(error),
            }),
          };
        }
        return { location: failedSignIn(log, error, returnTo) };
      }
    },

    /** Our SP metadata for the identity provider's administrator (public: it holds no secret). */
    metadata(settings: SamlSettingsRow) {
      const cert = settings.spCertificate;
      return clientFor(settings).generateServiceProviderMetadata(cert, cert);
    },

    /** A test's result, for an administrator of its tenant (another tenant's id is not found). */
    async testResult(actor: Actor, providerId: string, resultId: string): Promise<SamlTestResult> {
      const row = await database.tenant(actor.tenantId, (tx) =>
        findTestResult(actor.tenantId, tx, providerId, resultId),
      );
      if (!row || row.expiresAt.getTime() <= Date.now()) throw notFound(PROVIDER_NOT_FOUND);
      return {
        ...(row.result as Omit<SamlTestResult, 'id' | 'providerId' | 'createdAt'>),
        id: row.id,
        providerId: row.providerId,
        createdAt: iso(row.createdAt),
      };
    },
  };
}

export type SamlSignIn = ReturnType<typeof createSamlSignIn>;
