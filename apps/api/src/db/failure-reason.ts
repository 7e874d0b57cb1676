import { causeChain } from '../lib/causes.js';

/**
 * What a command prints when the database refused it: PostgreSQL's own words (message, SQLSTATE code,
 * detail, hint, where it happened), not the ORM's wrapper, whose message is "Failed query: <the SQL>"
 * followed by its bound parameters (values that may be secrets, and never printed). The statement is
 * named by its first line only. Errors that are not the database's (a socket refused, a file missing)
 * are described by the innermost cause's message and code.
 */

interface DatabaseFields {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  where?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

/** PostgreSQL's SQLSTATE: five characters, digits and capitals (node-postgres and PGlite alike). */
const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

const firstLine = (text: string, max = 120) => {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
};

/** One line (or a few, for detail and hint) saying why the database failed the command. */
export function describeDatabaseFailure(error: unknown): string {
  const chain = causeChain(error);
  if (chain.length === 0) return String(error);
  const database = chain.find((e) => isSqlState((e as { code?: unknown }).code)) as
    | DatabaseFields
    | undefined;
  const query = chain
    .map((e) => (e as { query?: unknown }).query)
    .find((q): q is string => typeof q === 'string');
  if (database) {
    const lines = [`the database refused it: ${database.message} (SQLSTATE ${database.code})`];
    if (database.detail) lines.push(`  detail: ${database.detail}`);
    if (database.hint) lines.push(`  hint: ${database.hint}`);
    const on = [database.table && `table ${database.table}`, database.column && `column ${database.column}`]
      .filter(Boolean)
      .join(', ');
    if (on) lines.push(`  on: ${on}${database.constraint ? ` (constraint ${database.constraint})` : ''}`);
    if (database.where) lines.push(`  where: ${firstLine(database.where)}`);
    if (query) lines.push(`  statement: ${firstLine(query)}`);
    return lines.join('\n');
  }
  const innermost = chain.at(-1) as { message?: unknown; code?: unknown };
  const message = typeof innermost.message === 'string' && innermost.message ? innermost.message : 'failed';
  // The ORM's own message carries the bound parameters: its first line only, when it is all there is.
  const said = message.startsWith('Failed query:') ? firstLine(message) : message;
  return typeof innermost.code === 'string' && !said.includes(innermost.code)
    ? `${said} (${innermost.code})`
    : said;
}
