import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Newest (largest) first, as the indexes drizzle-kit makes of `.desc()` hold a column: DESC NULLS LAST.
 * ORDER BY … DESC alone means NULLS FIRST, an order no such index gives read forwards or backwards, so
 * PostgreSQL reads every row the other conditions select and sorts them: the first page of a tenant's
 * five million audit events took seconds. The columns these indexes order are NOT NULL, so the rows
 * come in the same order either way.
 */
export const newestFirst = (column: SQLWrapper): SQL => sql`${column} desc nulls last`;

/** Oldest (smallest) first on the same indexes, read backwards: ASC NULLS FIRST. */
export const oldestFirst = (column: SQLWrapper): SQL => sql`${column} asc nulls first`;
