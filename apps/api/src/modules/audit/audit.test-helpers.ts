import { type AuditEvent, type AuditListQuery, auditEndpoints } from '@skyvault/contract';
import { expect } from 'vitest';
import type { ApiCaller } from '../../../test/api-caller.js';
import type { TestUser } from '../../../test/app.js';

/** Every event the filters select, page after page; fails on a page that repeats an event. */
export async function everyEvent(
  api: ApiCaller,
  user: TestUser,
  query: Omit<AuditListQuery, 'cursor'> = {},
): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = (await api.call(user, auditEndpoints.list, { query: { ...query, cursor } })).result();
    events.push(...page.events);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  return events;
}

/** RFC 4180 text as rows of cells (quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}
