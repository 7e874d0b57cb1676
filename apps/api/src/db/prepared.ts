import { createHash } from 'node:crypto';
import type { Executor } from './client.js';

/** PostgreSQL keeps the first 63 bytes of a statement's name: a longer one would stand for another. */
const MAX_NAME_BYTES = 63;

/**
 * The name PostgreSQL gets: as built when it fits, else its start and a hash of the whole, so that two
 * long names that begin alike stay two statements.
 */
export function statementName(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `${name.slice(0, MAX_NAME_BYTES - hash.length - 1)}_${hash}`;
}

/** What each statement name stood for, in tests: the same name for two texts is a bug caught there. */
const seen = process.env.NODE_ENV === 'production' ? null : new Map<string, string>();

/**
 * A hot statement prepared under a name: PostgreSQL parses it once per connection and, after a few
 * runs, keeps its plan, where an unnamed statement is parsed and planned on every call (half a
 * millisecond of the database's time for the users list under row-level security). The name must
 * stand for one SQL text: it is built from the query's shape (which parts it has), values being
 * parameters. The embedded database takes the statement as it is.
 */
function prepared<P>(query: { prepare(name: string): P; toSQL(): { sql: string } }, name: string): P {
  if (seen) {
    const text = query.toSQL().sql;
    const before = seen.get(name);
    if (before !== undefined && before !== text) {
      throw new Error(`The statement name ${name} stands for two SQL texts:\n${before}\n${text}`);
    }
    seen.set(name, text);
  }
  return query.prepare(statementName(name));
}

type Preparable<P> = { prepare(name: string): P; toSQL(): { sql: string } };
const builtFor = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement built and prepared once per database handle, its values given at each call as
 * placeholders (`sql.placeholder`): drizzle does not build its text again, nor PostgreSQL parse it
 * again. For the statements on the owner connection (`database.db`) that answer before any tenant is
 * known, many times a second: token grants and logins (building a statement's text cost the API
 * about 0.15 ms each, `node --cpu-prof`). A statement inside a transaction cannot be kept this way
 * (drizzle binds it to the connection it was made on): those use `keptIn` below.
 */
export function kept<P>(db: object, name: string, build: () => Preparable<P>): P {
  let statements = builtFor.get(db);
  if (!statements) {
    statements = new Map();
    builtFor.set(db, statements);
  }
  let statement = statements.get(name) as P | undefined;
  if (statement === undefined) {
    statement = prepared(build(), name);
    statements.set(name, statement);
  }
  return statement;
}

/**
 * `kept` for a statement run inside a transaction. Drizzle binds a prepared statement to the
 * connection it was made on, and each transaction has its own; so the statement is built once (per
 * driver) and each call gets a copy bound to this transaction's connection. Building the users list's
 * statement was a fifth of a list request's time in the API (`node --cpu-prof`).
 */
export function keptIn<P extends object>(tx: Executor, name: string, build: () => Preparable<P>): P {
  // Drizzle's session (its connection, `client`) is internal to it: reached here only.
  const { session } = tx as unknown as { session: { client: unknown; constructor: object } };
  const statement = kept(session.constructor, name, build);
  return Object.assign(Object.create(Object.getPrototypeOf(statement)), statement, {
    client: session.client,
  });
}
