import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { users } from './schema/index.js';

/** pg_trgm indexes only help from three characters on; shorter searches scan the tenant's rows. */
export const TRIGRAM_MIN_LENGTH = 3;

export type UserSearchPart = 'user' | 'name' | 'email';

/**
 * Users whose name or e-mail (`part`) matches the ILIKE pattern, in the transaction's tenant: the ids
 * found by skyvault_search_users (migration 0012), which can use the trigram index under row-level
 * security without LEAKPROOF builtins. Only inside database.tenant(): without a tenant it finds none.
 */
export const userIdsMatching = (pattern: string | Placeholder, part: UserSearchPart | Placeholder): SQL =>
  sql`${users.id} in (select skyvault_search_users(${pattern}, ${part}))`;

/**
 * The same users with the list's order key, as a FROM item (`id`, `updated_at`; migration 0017): the
 * users list sorts and counts a search's matches from it without reading each match again.
 */
export const userKeysMatching = (pattern: string | Placeholder, part: UserSearchPart | Placeholder): SQL =>
  sql`skyvault_search_user_keys(${pattern}, ${part})`;
