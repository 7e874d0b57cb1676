/** A LIKE/ILIKE pattern that matches `text` anywhere, with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** ISO strings for the API's date fields. */
export const iso = (date: Date) => date.toISOString();

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`; drizzle types neither). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whether `value` has a uuid's form (any version): ids that may be written into SQL text as they are. */
export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Whether a write failed on the unique index `constraint`: a race that a service's own check lost (two
 * requests checked, both found the value free). The driver's error is the cause of drizzle's.
 */
export function violatesUnique(error: unknown, constraint: string): boolean {
  const { cause } = (error ?? {}) as { cause?: unknown };
  const { code, constraint: violated } = (cause ?? error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && violated === constraint;
}

/**
 * The lock a find takes before its transaction saves or deletes the row (`.for(CHANGE_LOCK)`), held
 * until the transaction ends: a save or a delete that comes while another one deletes the row waits for
 * it and then finds nothing (404), instead of changing nothing (an update's `returning()` empty, a second
 * delete audited). FOR NO KEY UPDATE waits for a delete or another change of the row, as FOR UPDATE
 * would, but not for the foreign key checks of rows pointing at it (FOR KEY SHARE): a change that holds
 * another lock (the seats, a user) and then points a row at this one cannot deadlock with it.
 */
export const CHANGE_LOCK = 'no key update';

/** What a find's select is: its rows when awaited, and the same select with a lock. */
interface LockableSelect<Row> extends PromiseLike<Row[]> {
  for(strength: typeof CHANGE_LOCK): PromiseLike<Row[]>;
}

/**
 * The first row of a find (a select by id, `.limit(1).$dynamic()`), locked with CHANGE_LOCK when the
 * caller's transaction is about to save or delete it; null when there is none.
 */
export async function firstRow<Row>(
  query: LockableSelect<Row>,
  { lock = false }: { lock?: boolean } = {},
): Promise<Row | null> {
  const [row] = await (lock ? query.for(CHANGE_LOCK) : query);
  return row ?? null;
}
