import { SCIM_MESSAGES } from '@skyvault/contract';
import { type Filter, parse } from 'scim2-parse-filter';
import {
  type AttributeFilter,
  type FilterKind,
  type FilterOperator,
  filterProblem,
} from '../../lib/attribute-filter.js';
import { invalidValue, ScimError } from './scim.errors.js';

/**
 * The filters of RFC 7644 §3.4.2.2, parsed by a maintained parser (scim2-parse-filter): comparisons
 * eq ne co sw ew gt ge lt le pr, and/or/not, parentheses and value paths (`emails[type eq "work"]`).
 * The tree it answers is checked here against the attributes a resource can be filtered by, and
 * handed to the module that owns the table, which turns it into SQL with every value a parameter.
 * An attribute nobody filters by, or a value its type cannot take, is refused with invalidFilter
 * rather than answered wrongly.
 */

/** Longer filters are no client's: Okta and Entra ID send one or two comparisons. */
const MAX_FILTER_LENGTH = 2000;
/**
 * Control characters have no place in a filter; refusing them first also keeps the parser's quoted-string
 * pattern from backtracking over a long run of line breaks.
 */
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};

const refused = (reason: string) =>
  new ScimError(400, `${SCIM_MESSAGES.invalidFilter} (${reason})`, 'invalidFilter');

/** What a resource's attributes are filtered as: the SCIM attribute (lower case) → the field it names. */
export interface FilterableAttributes<F extends string> {
  /** The schema URN an attribute may be written with (RFC 7644 §3.10), lower case, with its colon. */
  urn: string;
  attributes: Readonly<Record<string, F>>;
  kinds: Readonly<Record<F, FilterKind>>;
}

/** Attribute names are case-insensitive (RFC 7643 §2.1) and may carry their schema's URN. */
const normalise = (path: string, urn: string) => {
  const lower = path.toLowerCase();
  return lower.startsWith(urn) ? lower.slice(urn.length) : lower;
};

function convert<F extends string>(
  node: Filter,
  on: FilterableAttributes<F>,
  prefix: string,
): AttributeFilter<F> {
  switch (node.op) {
    case 'and':
    case 'or':
      return { op: node.op, filters: node.filters.map((inner) => convert(inner, on, prefix)) };
    case 'not':
      return { op: 'not', filter: convert(node.filter, on, prefix) };
    case '[]':
      // A value path filters the sub-attributes of one attribute: emails[type eq "work"].
      if (prefix) throw refused('nested value paths');
      return convert(node.valFilter, on, `${node.attrPath}.`);
    default: {
      const name = normalise(`${prefix}${node.attrPath}`, on.urn);
      const field = on.attributes[name];
      if (field === undefined) throw refused(`${prefix}${node.attrPath} cannot be filtered on`);
      const op = node.op as FilterOperator;
      const value = 'compValue' in node ? node.compValue : undefined;
      if (typeof value === 'string' && hasControl(value)) throw refused('control characters');
      const problem = filterProblem(on.kinds[field], op, value);
      if (problem) throw refused(`${prefix}${node.attrPath} ${op}: ${problem}`);
      return { op, field, value };
    }
  }
}

/** The `filter` query parameter as a tree of the resource's fields; null without one. */
export function parseScimFilter<F extends string>(
  text: string | undefined,
  on: FilterableAttributes<F>,
): AttributeFilter<F> | null {
  if (text === undefined || text.trim() === '') return null;
  if (text.length > MAX_FILTER_LENGTH) throw refused('too long');
  if (hasControl(text)) throw refused('control characters');
  let tree: Filter;
  try {
    tree = parse(text);
  } catch {
    throw refused('syntax');
  }
  return convert(tree, on, '');
}

/** One value of a query parameter; a repeated parameter is the client's mistake, not ours to pick from. */
export function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined || typeof value === 'string') return value;
  throw invalidValue(`${name} ${SCIM_MESSAGES.repeatedParameter}`);
}

const WHOLE_NUMBER = /^\s*[+-]?\d+\s*$/;

function wholeNumber(query: unknown, name: string): number | undefined {
  const raw = queryValue(query, name);
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!WHOLE_NUMBER.test(raw) || !Number.isSafeInteger(value))
    throw invalidValue(`${name} ${SCIM_MESSAGES.invalidNumber}`);
  return value;
}

/**
 * startIndex (1-based) and count (RFC 7644 §3.4.2.4): below 1 a startIndex is 1, a negative count is 0,
 * and count is at most `max`. Anything but a whole number (or one past what the database pages by) is
 * refused with invalidValue rather than guessed.
 */
export function pageOf(query: unknown, max: number) {
  const start = wholeNumber(query, 'startIndex') ?? 1;
  const count = wholeNumber(query, 'count') ?? max;
  const startIndex = Math.max(start, 1);
  return { startIndex, offset: startIndex - 1, limit: Math.min(Math.max(count, 0), max) };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
