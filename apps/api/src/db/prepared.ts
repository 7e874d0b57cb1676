/** What each statement name stood for, in tests: the same name for two texts is a bug caught there. */
const seen = process.env.NODE_ENV === 'production' ? null : new Map<string, string>();

/**
 * A hot statement prepared under a name: PostgreSQL parses it once per connection and, after a few
 * runs, keeps its plan, where an unnamed statement is parsed and planned on every call (half a
 * millisecond of the database's time for the users list under row-level security). The name must
 * stand for one SQL text: it is built from the query's shape (which parts it has), values being
 * parameters. The embedded database takes the statement as it is.
 */
export function prepared<P>(query: { prepare(name: string): P; toSQL(): { sql: string } }, name: string): P {
  if (seen) {
    const text = query.toSQL().sql;
    const before = seen.get(name);
    if (before !== undefined && before !== text) {
      throw new Error(`The statement name ${name} stands for two SQL texts:\n${before}\n${text}`);
    }
    seen.set(name, text);
  }
  return query.prepare(name);
}
