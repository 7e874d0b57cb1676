import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { uuidSchema } from '../rules/text.js';

/**
 * Shared pieces of list calls. Query values arrive as strings, so numbers are coerced. Unknown query keys
 * (the spec's `columns`, `searchBy`) are accepted and dropped: our lists always answer every column.
 */
export const limitSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
export const offsetSchema = z.coerce.number().int().min(0).default(0);
/** Free-text search; trimmed, empty means no filter. */
export const searchTextSchema = z.string().trim().max(255).optional();

export const listQuerySchema = z.object({
  limit: limitSchema,
  offset: offsetSchema,
  searchText: searchTextSchema,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A boolean in a query string: 'true' or 'false' (a real boolean is taken too). */
export const booleanQuerySchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

/**
 * Keyset paging for the lists that grow large (users): `after` is the `next` of the page before, and
 * names that page's last row by its order key (microseconds since the epoch, exact where a JavaScript
 * date is not) and id. The page after it is then found through the list's index however deep it is,
 * where an offset walks every row before it. Clients pass it on as they got it: `<micros>.<id>`.
 */
export interface ListCursor {
  micros: string;
  id: string;
}
const CURSOR_TEXT = /^(\d{1,18})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const encodeListCursor = ({ micros, id }: ListCursor) => `${micros}.${id}`;

export const listCursorQuerySchema = z
  .string()
  .max(80, { error: MESSAGES.invalidCursor })
  .transform((raw, ctx): ListCursor => {
    const match = CURSOR_TEXT.exec(raw.toLowerCase());
    if (!match) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidCursor });
      return z.NEVER;
    }
    return { micros: match[1]!, id: match[2]! };
  });

export const countSchema = z.number().int().min(0);

/** `{ [key]: items, total }` — users, applications, groups, roles and the rest (SPEC.md §7). */
export function totalList<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), total: countSchema } as { [P in K]: z.ZodArray<T> } & {
    total: typeof countSchema;
  });
}

/** `{ rows, count }` — connections, storages and group users (SPEC.md §7). */
export const rowsList = <T extends z.ZodType>(item: T) =>
  z.object({ rows: z.array(item), count: countSchema });

/** `/:id` path parameters. */
export const idParamsSchema = z.object({ id: uuidSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** What a create call answers when the console only needs the new id. */
export const createdSchema = z.object({ id: uuidSchema });
export type Created = z.infer<typeof createdSchema>;
