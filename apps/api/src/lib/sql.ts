/** A LIKE/ILIKE pattern that matches `text` anywhere, with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** ISO strings for the API's date fields. */
export const iso = (date: Date) => date.toISOString();

/** Whether `value` has a uuid's form (any version): ids that may be written into SQL text as they are. */
export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
