import type { z } from 'zod';

/** Messages per dot-joined path ('' for the value itself), as the API's error body and the forms see them. */
export function messagesByPath(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const byPath: Record<string, string[]> = {};
  if (result.success) return byPath;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    byPath[key] = [...(byPath[key] ?? []), issue.message];
  }
  return byPath;
}

/** The messages of a single-field rule. */
export const messagesOf = (schema: z.ZodType, input: unknown) => messagesByPath(schema, input)[''] ?? [];

/** The parsed value, or a thrown error that shows the messages. */
export function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`Expected valid: ${JSON.stringify(messagesByPath(schema, input))}`);
  return result.data;
}
