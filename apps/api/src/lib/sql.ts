/** A LIKE/ILIKE pattern that matches `text` anywhere, with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** ISO strings for the API's date fields. */
export const iso = (date: Date) => date.toISOString();
