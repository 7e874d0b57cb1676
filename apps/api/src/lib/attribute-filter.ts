import { type Column, type SQL, sql } from 'drizzle-orm';
import { containsPattern, isUuid } from './sql.js';

/**
 * A filter over a resource's named fields, as a provisioning client asks for it (the SCIM filters of
 * RFC 7644 §3.4.2.2 parse to it): comparisons joined by and/or/not. The module that owns the table maps
 * each field to its column; the values always travel as the statement's parameters.
 */
export type FilterOperator = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le' | 'pr';
export type FilterValue = string | number | boolean | null;

export type AttributeFilter<F extends string = string> =
  | { op: 'and' | 'or'; filters: AttributeFilter<F>[] }
  | { op: 'not'; filter: AttributeFilter<F> }
  | { op: FilterOperator; field: F; value?: FilterValue };

/**
 * How a field compares: text without case (addresses, names), text with case (an id a client gave),
 * a uuid, a boolean, a time (to the millisecond, as the resources show it).
 */
export type FilterKind = 'text' | 'exactText' | 'uuid' | 'boolean' | 'time';

export interface FilterField {
  kind: FilterKind;
  sql: SQL | Column;
  /** An `eq` that an index can answer, where the plain comparison of `sql` could not. */
  equals?: (value: string) => SQL;
}

/** How each field of a set compares, for a caller to check a filter before it is run. */
export const fieldKinds = <Fields extends Readonly<Record<string, FilterField>>>(fields: Fields) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.kind])) as {
    [F in keyof Fields]: Fields[F]['kind'];
  };

const ORDERING = new Set<FilterOperator>(['gt', 'ge', 'lt', 'le']);
const TEXT_ONLY = new Set<FilterOperator>(['co', 'sw', 'ew']);
const SQL_ORDER = { gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/** Why `value` cannot be compared with a field of this kind by `op`; undefined when it can. */
export function filterProblem(kind: FilterKind, op: FilterOperator, value: FilterValue | undefined) {
  if (op === 'pr') return undefined;
  const text = kind === 'text' || kind === 'exactText';
  if (TEXT_ONLY.has(op) && !text) return `"${op}" compares text only`;
  if (ORDERING.has(op) && !(text || kind === 'time')) return `"${op}" does not order this attribute`;
  if (kind === 'boolean') return typeof value === 'boolean' ? undefined : 'expects true or false';
  if (typeof value !== 'string') return 'expects a quoted string';
  if (kind === 'time' && Number.isNaN(Date.parse(value))) return 'expects a date and time (RFC 3339)';
  return undefined;
}

function comparison(field: FilterField, op: FilterOperator, value: FilterValue | undefined): SQL {
  const column = field.sql;
  const problem = filterProblem(field.kind, op, value);
  // The caller checked the filter with filterProblem; reaching this is a bug, not the client's.
  if (problem) throw new Error(`Filter not checked: ${problem}`);
  if (op === 'pr') {
    return field.kind === 'text' || field.kind === 'exactText'
      ? sql`(${column} is not null and ${column} <> '')`
      : sql`${column} is not null`;
  }
  if (field.kind === 'boolean') return op === 'eq' ? sql`${column} = ${value}` : sql`${column} <> ${value}`;
  const text = value as string;
  if (field.kind === 'uuid') {
    // An id that is no uuid matches nothing, and never reaches the database's uuid type.
    if (!isUuid(text)) return op === 'ne' ? sql`true` : sql`false`;
    return op === 'eq' ? sql`${column} = ${text}::uuid` : sql`${column} <> ${text}::uuid`;
  }
  if (field.kind === 'time') {
    const at = new Date(text).toISOString();
    const ms = sql`date_trunc('milliseconds', ${column})`;
    if (op === 'eq') return sql`${ms} = ${at}::timestamptz`;
    if (op === 'ne') return sql`${ms} <> ${at}::timestamptz`;
    return sql`${ms} ${sql.raw(SQL_ORDER[op as keyof typeof SQL_ORDER])} ${at}::timestamptz`;
  }
  const exact = field.kind === 'exactText';
  const like = exact ? sql`like` : sql`ilike`;
  const escaped = containsPattern(text).slice(1, -1);
  switch (op) {
    case 'eq':
      if (field.equals) return field.equals(text);
      return exact ? sql`${column} = ${text}` : sql`lower(${column}) = lower(${text})`;
    case 'ne':
      return exact
        ? sql`${column} is distinct from ${text}`
        : sql`lower(${column}) is distinct from lower(${text})`;
    case 'co':
      return sql`${column} ${like} ${`%${escaped}%`}`;
    case 'sw':
      return sql`${column} ${like} ${`${escaped}%`}`;
    case 'ew':
      return sql`${column} ${like} ${`%${escaped}`}`;
    default: {
      const order = sql.raw(SQL_ORDER[op as keyof typeof SQL_ORDER]);
      return exact ? sql`${column} ${order} ${text}` : sql`lower(${column}) ${order} lower(${text})`;
    }
  }
}

/** The filter as a SQL condition over the fields' columns; every value a parameter. */
export function filterSql<F extends string>(
  filter: AttributeFilter<F>,
  fields: Readonly<Record<F, FilterField>>,
): SQL {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((inner) => sql`(${filterSql(inner, fields)})`);
      return sql.join(parts, sql.raw(` ${filter.op} `));
    }
    case 'not':
      // A comparison with a missing value is unknown (null), which `not` would keep unknown: "is not
      // true" makes it a match, as a client means by not (externalId eq "x").
      return sql`(${filterSql(filter.filter, fields)}) is not true`;
    default:
      return comparison(fields[filter.field], filter.op, filter.value);
  }
}
