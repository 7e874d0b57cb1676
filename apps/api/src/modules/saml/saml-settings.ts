import { X509Certificate } from 'node:crypto';
import {
  ISSUER_MESSAGES,
  SAML_MESSAGES,
  type SamlProviderDetails,
  samlAcsUrl,
  samlMetadataPath,
  samlSpEntityId,
} from '@skyvault/contract';
import type { Executor } from '../../db/client.js';
import { invalidField } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { createOutboundFetch, OutboundError, type OutboundPolicy } from '../../platform/outbound/outbound.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { firstNotAfter, type IdpMetadata, parseIdpMetadata, SamlMetadataError } from './idp-metadata.js';
import * as repo from './saml.repository.js';
import { createSpKeyPair } from './sp-keys.js';

/** What a SAML provider's create or edit asks for (the contract's samlProviderData, parsed). */
export interface SamlSettingsInput {
  metadataXml?: string;
  metadataUrl?: string;
  emailAttribute?: string;
  firstNameAttribute?: string;
  lastNameAttribute?: string;
  clockSkewSeconds?: number;
  wantAssertionsSigned?: boolean;
  allowIdpInitiated?: boolean;
}

/** The metadata as read, ready to store (outside any transaction: a URL may take seconds). */
export interface ReadMetadata {
  xml: string;
  url: string | null;
  parsed: IdpMetadata;
}

const XML_FIELD = 'providerData.metadataXml';
const URL_FIELD = 'providerData.metadataUrl';

/**
 * The SAML settings of the identity providers' screens: metadata read from the text or fetched from its
 * URL (through the outbound guard: never our own network unless configured), our SP key pair made once
 * per provider, and what the API answers about them.
 */
export function createSamlSettings(deps: {
  secrets: SecretBox;
  publicUrl: string;
  outbound: Omit<OutboundPolicy, 'maxBytes'>;
}) {
  const { secrets, publicUrl } = deps;
  const fetchOutbound = createOutboundFetch({ ...deps.outbound, maxBytes: 1024 * 1024 });

  async function fetchMetadata(url: string) {
    let res: Response;
    try {
      res = await fetchOutbound(url, {
        headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      });
    } catch (error) {
      if (error instanceof OutboundError) throw invalidField(URL_FIELD, ISSUER_MESSAGES[error.reason]);
      throw error;
    }
    if (!res.ok) throw invalidField(URL_FIELD, SAML_MESSAGES.metadataUnreachable);
    return res.text();
  }

  function parse(xml: string, field: string) {
    try {
      return parseIdpMetadata(xml);
    } catch (error) {
      if (error instanceof SamlMetadataError) throw invalidField(field, error.message);
      throw error;
    }
  }

  /** Reads the metadata the input gives; null when it gives none (an edit keeping the stored one). */
  async function readMetadata(input: SamlSettingsInput): Promise<ReadMetadata | null> {
    const url = input.metadataUrl?.trim();
    if (url) {
      const xml = await fetchMetadata(url);
      return { xml, url, parsed: parse(xml, URL_FIELD) };
    }
    const xml = input.metadataXml?.trim();
    if (xml) return { xml, url: null, parsed: parse(xml, XML_FIELD) };
    return null;
  }

  const metadataColumns = (metadata: ReadMetadata) => ({
    metadataXml: metadata.xml,
    metadataUrl: metadata.url,
    idpEntityId: metadata.parsed.entityId,
    ssoUrl: metadata.parsed.ssoUrl,
    ssoBinding: metadata.parsed.ssoBinding,
    signingCertificates: metadata.parsed.certificates.map((c) => c.der),
    certificateNotAfter: firstNotAfter(metadata.parsed.certificates),
  });

  const mappingColumns = (input: SamlSettingsInput) => ({
    emailAttribute: input.emailAttribute,
    firstNameAttribute: input.firstNameAttribute,
    lastNameAttribute: input.lastNameAttribute,
    clockSkewSeconds: input.clockSkewSeconds,
    wantAssertionsSigned: input.wantAssertionsSigned,
    allowIdpInitiated: input.allowIdpInitiated,
  });

  return {
    readMetadata,

    /** A new SAML provider's settings row, with a key pair of its own. */
    async insert(
      tenantId: string,
      tx: Executor,
      providerId: string,
      metadata: ReadMetadata,
      input: SamlSettingsInput,
    ) {
      const keys = await createSpKeyPair(samlSpEntityId(publicUrl, providerId));
      const mapping = mappingColumns(input);
      return repo.insertSettings(tenantId, tx, providerId, {
        ...metadataColumns(metadata),
        emailAttribute: mapping.emailAttribute ?? '',
        firstNameAttribute: mapping.firstNameAttribute ?? '',
        lastNameAttribute: mapping.lastNameAttribute ?? '',
        clockSkewSeconds: mapping.clockSkewSeconds ?? 60,
        wantAssertionsSigned: mapping.wantAssertionsSigned ?? true,
        allowIdpInitiated: mapping.allowIdpInitiated ?? false,
        spPrivateKey: secrets.seal(sealedAt.samlSpPrivateKey(tenantId, providerId), keys.privateKeyPem),
        spCertificate: keys.certificatePem,
      });
    },

    /** Changes what the input names; new metadata replaces the stored one whole. */
    update: (
      tenantId: string,
      tx: Executor,
      providerId: string,
      metadata: ReadMetadata | null,
      input: SamlSettingsInput,
    ) =>
      repo.updateSettings(tenantId, tx, providerId, {
        ...(metadata ? metadataColumns(metadata) : {}),
        ...mappingColumns(input),
      }),

    find: (tenantId: string, tx: Executor, providerId: string) => repo.findSettings(tenantId, tx, providerId),

    /** The SAML rows of some of a tenant's providers, by provider id. */
    async byProvider(tenantId: string, tx: Executor, providerIds: string[]) {
      const rows = await repo.settingsOf(tenantId, tx, providerIds);
      return new Map(rows.map((row) => [row.providerId, row]));
    },

    details: (row: repo.SamlSettingsRow): SamlProviderDetails => samlDetails(row, publicUrl),
  };
}

export type SamlSettings = ReturnType<typeof createSamlSettings>;

/** What the API answers about a SAML provider: never its metadata text or our private key. */
export function samlDetails(row: repo.SamlSettingsRow, publicUrl: string): SamlProviderDetails {
  const certificates = row.signingCertificates.map((der) => {
    try {
      return parseCertificate(der);
    } catch {
      return null;
    }
  });
  return {
    idpEntityId: row.idpEntityId,
    ssoUrl: row.ssoUrl,
    ssoBinding: row.ssoBinding,
    metadataUrl: row.metadataUrl ?? '',
    certificates: certificates.filter((c) => c !== null),
    certificateNotAfter: row.certificateNotAfter ? iso(row.certificateNotAfter) : null,
    emailAttribute: row.emailAttribute,
    firstNameAttribute: row.firstNameAttribute,
    lastNameAttribute: row.lastNameAttribute,
    clockSkewSeconds: row.clockSkewSeconds,
    wantAssertionsSigned: row.wantAssertionsSigned,
    allowIdpInitiated: row.allowIdpInitiated,
    sp: {
      entityId: samlSpEntityId(publicUrl, row.providerId),
      acsUrl: samlAcsUrl(publicUrl, row.providerId),
      metadataUrl: `${publicUrl}${samlMetadataPath(row.providerId)}`,
    },
  };
}

function parseCertificate(der: string) {
  const cert = new X509Certificate(Buffer.from(der, 'base64'));
  return {
    subject: String(cert.subject).replace(/\n/g, ', '),
    notAfter: iso(new Date(cert.validTo)),
    fingerprint: cert.fingerprint256,
  };
}
