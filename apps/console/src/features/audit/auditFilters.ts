import { AUDIT_OUTCOMES, type AuditOutcome } from '@skyvault/contract';
import type { AuditLogFilters } from '../../core/paths/links';

/** The filters the URL may hold, in the order the bar shows them. */
export const FILTER_KEYS = [
  'actor',
  'action',
  'resourceType',
  'resourceId',
  'from',
  'to',
  'outcome',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const isOutcome = (value: string | null): value is AuditOutcome =>
  (AUDIT_OUTCOMES as readonly (string | null)[]).includes(value);

/** The filters of the URL's query string; unknown keys and an unknown outcome are ignored. */
export function filtersFromSearch(search: URLSearchParams): AuditLogFilters {
  const filters: AuditLogFilters = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (!value) continue;
    if (key === 'outcome') {
      if (isOutcome(value)) filters.outcome = value;
    } else filters[key as Exclude<FilterKey, 'outcome'>] = value;
  }
  return filters;
}

/** The same filters as a query string's parameters, empty ones left out (links stay short). */
export function searchFromFilters(filters: AuditLogFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  return search;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a datetime-local input shows it: the browser's own time zone, to the minute. */
export function isoToLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time, no zone) as the ISO time the API takes; empty stays undefined. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
