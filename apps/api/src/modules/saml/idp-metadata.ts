import { X509Certificate } from 'node:crypto';
import { SAML_MESSAGES } from '@skyvault/contract';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

/** A metadata document we cannot use, with the message for the metadata field. */
export class SamlMetadataError extends Error {
  override name = 'SamlMetadataError';
}

export interface IdpCertificate {
  /** Base64 of the DER, as metadata and node-saml's idpCert carry it. */
  der: string;
  subject: string;
  notAfter: Date;
  fingerprint: string;
}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  ssoBinding: 'Redirect' | 'Post';
  certificates: IdpCertificate[];
}

const BINDINGS = {
  Redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  Post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

const select = (expression: string, node: Node) => xpath.select(expression, node) as Node[];
const attr = (node: Node | undefined, name: string) =>
  (node as Element | undefined)?.getAttribute(name) ?? '';

function readCertificate(text: string): IdpCertificate {
  const der = text.replace(/\s+/g, '');
  try {
    const cert = new X509Certificate(Buffer.from(der, 'base64'));
    return {
      der,
      subject: cert.subject.replace(/\n/g, ', '),
      notAfter: new Date(cert.validTo),
      fingerprint: cert.fingerprint256,
    };
  } catch {
    throw new SamlMetadataError(SAML_MESSAGES.certificateInvalid);
  }
}

/**
 * Reads an identity provider's SAML metadata: its entity id, where to send the AuthnRequest (HTTP-Redirect
 * preferred, else HTTP-POST) and its signing certificates (a KeyDescriptor without `use` signs too). A
 * document with several EntityDescriptors (a federation's) is not taken: the administrator names one.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: { error: (m) => errors.push(m), fatalError: (m) => errors.push(m), warning: () => {} },
  }).parseFromString(xml.trim(), 'text/xml');
  const root = doc?.documentElement;
  if (errors.length || !root || root.localName !== 'EntityDescriptor') {
    throw new SamlMetadataError(SAML_MESSAGES.metadataInvalid);
  }
  const idp = select("./*[local-name()='IDPSSODescriptor']", root)[0];
  const entityId = attr(root, 'entityID').trim();
  if (!idp || !entityId) throw new SamlMetadataError(SAML_MESSAGES.metadataInvalid);

  const services = select("./*[local-name()='SingleSignOnService']", idp);
  const serviceOf = (binding: string) => services.find((s) => attr(s, 'Binding') === binding);
  const redirect = serviceOf(BINDINGS.Redirect);
  const post = serviceOf(BINDINGS.Post);
  const service = redirect ?? post;
  const ssoUrl = attr(service, 'Location').trim();
  if (!service || !/^https?:\/\//i.test(ssoUrl))
    throw new SamlMetadataError(SAML_MESSAGES.noSingleSignOnService);

  const certificates = select(
    "./*[local-name()='KeyDescriptor'][not(@use) or @use='signing']//*[local-name()='X509Certificate']",
    idp,
  ).map((node) => readCertificate(node.textContent ?? ''));
  if (certificates.length === 0) throw new SamlMetadataError(SAML_MESSAGES.noSigningCertificate);
  return { entityId, ssoUrl, ssoBinding: redirect ? 'Redirect' : 'Post', certificates };
}

/** The first of the certificates to expire: when the identity provider must have rolled over. */
export const firstNotAfter = (certificates: { notAfter: Date }[]) =>
  certificates.reduce<Date | null>((first, c) => (!first || c.notAfter < first ? c.notAfter : first), null);

/** PEM of a base64 DER certificate. */
export const pemOf = (der: string) =>
  `-----BEGIN CERTIFICATE-----\n${der.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
