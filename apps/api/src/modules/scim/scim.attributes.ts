import { queryValue } from './scim.filter.js';

/**
 * The `attributes` and `excludedAttributes` query parameters (RFC 7644 §3.4.2.5, §3.9): which of a
 * resource's attributes an answer carries. `id` and `schemas` are returned always. Names are
 * case-insensitive, may carry the resource's schema URN and may name a sub-attribute (`name.givenName`,
 * `emails.value`). With both parameters, `attributes` wins. Names we do not return are passed over.
 */
export interface Projection {
  only?: string[][];
  excluded?: string[][];
}

const ALWAYS = new Set(['id', 'schemas']);

function paths(raw: string | undefined, urn: string): string[][] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .map((name) => (name.startsWith(urn) ? name.slice(urn.length) : name).split('.'));
}

/** The projection a request asks for; `urn` is the resource's schema, lower case, with its colon. */
export function projectionOf(query: unknown, urn: string): Projection {
  const only = paths(queryValue(query, 'attributes'), urn);
  if (only) return { only };
  const excluded = paths(queryValue(query, 'excludedAttributes'), urn);
  return excluded ? { excluded } : {};
}

/** Whether the answer carries this top-level attribute (lower case): the groups' members are read only then. */
export function returns(projection: Projection, attribute: string) {
  if (projection.only) return projection.only.some((path) => path[0] === attribute);
  return !projection.excluded?.some((path) => path[0] === attribute && path.length === 1);
}

type Json = Record<string, unknown>;

/** Keeps (or drops) the named sub-attributes of a complex value, or of each item of a multi-valued one. */
function subAttributes(value: unknown, names: string[], keep: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => subAttributes(item, names, keep));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Json).filter(([key]) => names.includes(key.toLowerCase()) === keep),
  );
}

export function project<T extends Json>(resource: T, projection: Projection): Partial<T> {
  const { only, excluded } = projection;
  if (!only && !excluded) return resource;
  const out: Json = {};
  for (const [key, value] of Object.entries(resource)) {
    const name = key.toLowerCase();
    if (ALWAYS.has(name)) {
      out[key] = value;
      continue;
    }
    const named = (only ?? excluded ?? []).filter((path) => path[0] === name);
    const whole = named.some((path) => path.length === 1);
    const subs = named.filter((path) => path.length > 1).map((path) => path[1]!);
    if (only) {
      if (whole) out[key] = value;
      else if (subs.length > 0) out[key] = subAttributes(value, subs, true);
    } else if (!whole) {
      out[key] = subs.length > 0 ? subAttributes(value, subs, false) : value;
    }
  }
  return out as Partial<T>;
}
