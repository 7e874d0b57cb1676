import type { AuditEvent } from '@skyvault/contract';

/**
 * The export's columns, in order. Changes stay one JSON cell: their fields differ from event to event.
 */
const COLUMNS: [header: string, value: (event: AuditEvent) => unknown][] = [
  ['time', (event) => event.time],
  ['seq', (event) => event.seq],
  ['id', (event) => event.id],
  ['actor type', (event) => event.actorType],
  ['actor id', (event) => event.actor?.id],
  ['actor email', (event) => event.actor?.email],
  ['actor name', (event) => event.actor?.name],
  ['action', (event) => event.action],
  ['outcome', (event) => event.outcome],
  ['method', (event) => event.method],
  ['resource type', (event) => event.resource.type],
  ['resource id', (event) => event.resource.id],
  ['resource name', (event) => event.resource.name],
  ['ip', (event) => event.ip],
  ['user agent', (event) => event.userAgent],
  ['request id', (event) => event.requestId],
  ['changes', (event) => (Object.keys(event.changes).length > 0 ? JSON.stringify(event.changes) : '')],
];

/**
 * Text a spreadsheet would run as a formula starts with one of these (OWASP's CSV injection): such a
 * cell gets a leading apostrophe, which spreadsheets show as text. Names, user agents and changed values
 * are what users typed, so any cell may hold one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  // RFC 4180: a cell with a quote, comma or line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const csvHeader = () => line(COLUMNS.map(([header]) => header));
export const csvRow = (event: AuditEvent) => line(COLUMNS.map(([, value]) => value(event)));
