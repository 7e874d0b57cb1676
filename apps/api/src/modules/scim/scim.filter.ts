import { SCIM_MESSAGES } from '@skyvault/contract';
import { ScimError } from './scim.errors.js';

/**
 * The filters RFC 7644 §3.4.2.2 these endpoints answer: one attribute compared with `eq` to a quoted
 * string, which is what Okta and Entra ID send to find a user or group before creating it. Anything
 * else is refused with invalidFilter rather than answered wrongly.
 */
const EQ_FILTER =
  /^\s*([A-Za-z][\w.:]*(?:\[\s*type\s+eq\s+"work"\s*\]\.value)?)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;

export interface EqFilter {
  /** The attribute, lower-cased (attribute names are case-insensitive, RFC 7643 §2.1). */
  attribute: string;
  value: string;
}

export function parseEqFilter(filter: string | undefined, attributes: readonly string[]): EqFilter | null {
  if (filter === undefined || filter.trim() === '') return null;
  const match = EQ_FILTER.exec(filter);
  if (!match) throw new ScimError(400, SCIM_MESSAGES.invalidFilter, 'invalidFilter');
  const attribute = match[1]!.toLowerCase().replace(/\s+/g, ' ').replace(USER_SCHEMA_PREFIX, '');
  if (!attributes.includes(attribute)) throw new ScimError(400, SCIM_MESSAGES.invalidFilter, 'invalidFilter');
  let value: string;
  try {
    value = JSON.parse(match[2]!) as string;
  } catch {
    throw new ScimError(400, SCIM_MESSAGES.invalidFilter, 'invalidFilter');
  }
  return { attribute, value };
}

/** An attribute may be written with its schema's URN in front (RFC 7644 §3.10). */
const USER_SCHEMA_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/;

/** startIndex (1-based) and count (RFC 7644 §3.4.2.4), clamped as the RFC says to. */
export function pageOf(query: { startIndex?: string; count?: string }, max: number) {
  const start = Number.parseInt(query.startIndex ?? '1', 10);
  const count = Number.parseInt(query.count ?? String(max), 10);
  const startIndex = Number.isFinite(start) && start >= 1 ? start : 1;
  const limit = Number.isFinite(count) ? Math.min(Math.max(count, 0), max) : max;
  return { startIndex, offset: startIndex - 1, limit };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
