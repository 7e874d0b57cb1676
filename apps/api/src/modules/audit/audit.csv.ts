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
 * A cell a spreadsheet might run as a formula (OWASP's CSV injection): one that starts with = + - @, a
 * tab or a carriage return, or holds one of = + - @ at the start of a sub-field, after any separator a
 * spreadsheet splits on (comma, semicolon in the many locales where it is the list separator, tab, a
 * line break) or after a quote. A file opened with another separator than ours splits `a;=1+1` into
 * `a` and `=1+1`. Names, user agents and changed values are what users typed, so any cell may hold one.
 */
const FORMULA = /^[=+\-@\t\r]|[,;\t\r\n"][ ]*[=+\-@]/;
/** Quoted (RFC 4180): a cell with a quote, comma or line break, and one with a semicolon or tab, so that
 * a spreadsheet splitting on those keeps it one cell. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One cell. A formula is made inert as OWASP says: a leading apostrophe, which spreadsheets show as
 * text, and the whole cell quoted, its quotes doubled.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const inert = FORMULA.test(text);
  const safe = inert ? `'${text}` : text;
  return inert || NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const csvHeader = () => line(COLUMNS.map(([header]) => header));
export const csvRow = (event: AuditEvent) => line(COLUMNS.map(([, value]) => value(event)));
