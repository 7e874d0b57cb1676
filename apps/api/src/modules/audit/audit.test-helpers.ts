import { type AuditEvent, type AuditListQuery, auditEndpoints } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiCaller } from '../../../test/api-caller.js';
import type { TestUser } from '../../../test/app.js';
import type { Database, Tx } from '../../db/client.js';

/**
 * What only the table's owner can do, with DDL: change or remove events with the guard triggers of
 * migration 0027 switched off for one transaction. Tests use it to play a tampering that
 * `audit verify` must notice.
 */
export const pastTheGuard = <T>(database: Database, fn: (tx: Tx) => Promise<T>) =>
  database.system(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_unchangeable`);
    await tx.execute(sql`alter table audit_events disable trigger audit_events_retention_only`);
    const result = await fn(tx);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_unchangeable`);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_retention_only`);
    return result;
  });

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
