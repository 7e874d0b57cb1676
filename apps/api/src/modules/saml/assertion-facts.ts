import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

/**
 * What the ACS checks beyond node-saml, read from the assertion node-saml verified (its signed or
 * decrypted-and-signed XML, never the envelope around it): the assertion's id for the replay check,
 * the SubjectConfirmationData's Recipient, and when it expires.
 */
export interface AssertionFacts {
  id: string;
  recipients: string[];
  notOnOrAfter: Date | null;
}

const select = (expression: string, node: Node) => xpath.select(expression, node) as Node[];
const attrOf = (node: Node | undefined, name: string) =>
  (node as Element | undefined)?.getAttribute(name) || null;

export function assertionFacts(assertionXml: string): AssertionFacts {
  const doc = new DOMParser().parseFromString(assertionXml, 'text/xml');
  const root = doc.documentElement;
  if (root?.localName !== 'Assertion') throw new Error('not an assertion');
  const confirmations = select(
    "./*[local-name()='Subject']/*[local-name()='SubjectConfirmation']/*[local-name()='SubjectConfirmationData']",
    root,
  );
  const conditions = select("./*[local-name()='Conditions']", root)[0];
  const ends = [
    attrOf(conditions, 'NotOnOrAfter'),
    ...confirmations.map((node) => attrOf(node, 'NotOnOrAfter')),
  ]
    .filter((value): value is string => !!value)
    .map((value) => new Date(value))
    .filter((date) => !Number.isNaN(date.getTime()));
  return {
    id: attrOf(root, 'ID') ?? '',
    recipients: confirmations.map((node) => attrOf(node, 'Recipient')).filter((r): r is string => !!r),
    notOnOrAfter: ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null,
  };
}

/** The Response's Destination (in the envelope; when present it must name our ACS). */
export function responseDestination(samlResponse: string): string | null {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return attrOf(doc.documentElement ?? undefined, 'Destination');
}
