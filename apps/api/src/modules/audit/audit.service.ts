import { Readable } from 'node:stream';
import {
  type AuditEvent,
  type AuditEventList,
  type AuditOutcome,
  type auditExportQuerySchema,
  type auditFilterQuerySchema,
  type auditListQuerySchema,
  encodeAuditCursor,
  NOT_FOUND,
  SIGN_IN_HISTORY_SIZE,
  SIGN_IN_METHODS,
  type SignInAttemptList,
  type SignInMethod,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type Actor, isIdentityProviderActorName, isSupportActorName } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { iso, isUuid } from '../../lib/sql.js';
import { findUser } from '../users/index.js';
import { csvHeader, csvRow } from './audit.csv.js';
import * as repo from './audit.repository.js';

type FilterQuery = z.output<typeof auditFilterQuerySchema>;
type ListQuery = z.output<typeof auditListQuerySchema>;
type ExportQuery = z.output<typeof auditExportQuerySchema>;

/** The events a sign-in attempt writes: by password or provider, and a connected app's sign-in. */
const SIGN_IN_ACTIONS = ['sign-in', 'failed-sign-in', 'authorize'];
/** The export reads this many events a query, so that its memory stays the same however many there are. */
const EXPORT_BATCH = 500;

const methodOf = (value: string | null): SignInMethod | null =>
  SIGN_IN_METHODS.includes(value as SignInMethod) ? (value as SignInMethod) : null;

/**
 * A user acted, or an API token or an identity provider's group mapping (an actor id that named no
 * user when the event was written: the database takes a user's address from their row; the name says
 * which), or an operator through the CLI (its actions say so), or else the system itself.
 */
const actorTypeOf = (row: repo.AuditEventRow): AuditEvent['actorType'] => {
  if (row.actorId && row.actorEmail === null && isIdentityProviderActorName(row.actorName)) {
    return 'identity-provider';
  }
  // A platform operator in a support session: the name says who and for which ticket.
  if (row.actorId && row.actorEmail === null && isSupportActorName(row.actorName)) return 'support';
  if (row.actorId) return row.actorEmail === null && row.actorName !== null ? 'api-token' : 'user';
  return row.action.startsWith('operator:') ? 'operator' : 'system';
};

export const toAuditEvent = (row: repo.AuditEventRow): AuditEvent => ({
  id: row.id,
  seq: row.seq,
  time: iso(row.createdAt),
  actorType: actorTypeOf(row),
  actor: row.actorId ? { id: row.actorId, email: row.actorEmail, name: row.actorName } : null,
  action: row.action,
  resource: { type: row.targetType, id: row.targetId, name: row.targetName },
  outcome: row.outcome as AuditOutcome,
  method: methodOf(row.method),
  ip: row.ip,
  userAgent: row.userAgent,
  requestId: row.requestId,
  changes: row.changes ?? {},
});

/** The query's filters as the repository takes them; an empty one filters nothing. */
function filterOf(query: FilterQuery): repo.AuditFilter {
  const actor = query.actor || undefined;
  return {
    ...(actor ? (isUuid(actor) ? { actorId: actor } : { actorEmail: actor }) : {}),
    action: query.action || undefined,
    targetType: query.resourceType || undefined,
    targetId: query.resourceId || undefined,
    from: query.from ? new Date(query.from) : undefined,
    // Times are stored to the microsecond and shown to the millisecond: `to` takes in the whole of its
    // millisecond, so that the time an event shows selects it.
    until: query.to ? new Date(Date.parse(query.to) + 1) : undefined,
    outcome: query.outcome,
  };
}

/**
 * The tenant's audit trail for its administrators (the endpoints declare the access): pages by seq,
 * the whole filtered set as CSV, and a user's sign-in attempts. It only reads; events are written by
 * platform/audit in the transaction of each change.
 */
export function createAuditService(deps: { database: Database }) {
  const { database } = deps;

  async function* csvChunks(tenantId: string, filter: repo.AuditFilter) {
    yield csvHeader();
    let beforeSeq: number | undefined;
    for (;;) {
      const rows = await database.tenant(tenantId, (tx) =>
        repo.listEvents(tenantId, tx, filter, { beforeSeq, limit: EXPORT_BATCH }),
      );
      if (rows.length > 0) yield rows.map((row) => csvRow(toAuditEvent(row))).join('');
      if (rows.length < EXPORT_BATCH) return;
      beforeSeq = rows.at(-1)!.seq;
    }
  }

  return {
    async list(actor: Actor, query: ListQuery): Promise<AuditEventList> {
      const rows = await database.tenant(actor.tenantId, (tx) =>
        repo.listEvents(actor.tenantId, tx, filterOf(query), {
          beforeSeq: query.cursor,
          // One more than the page: whether another page follows, without counting.
          limit: query.limit + 1,
        }),
      );
      const events = rows.slice(0, query.limit).map(toAuditEvent);
      const last = events.at(-1);
      return { events, nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last.seq) : null };
    },

    /** Every event the filters select, newest first, read a batch at a time as the client takes them. */
    exportCsv(actor: Actor, query: ExportQuery): Readable {
      return Readable.from(csvChunks(actor.tenantId, filterOf(query)), { objectMode: false });
    },

    async signIns(actor: Actor, userId: string): Promise<SignInAttemptList> {
      const rows = await database.tenant(actor.tenantId, async (tx) => {
        if (!(await findUser(actor.tenantId, tx, userId))) throw notFound(NOT_FOUND.user);
        return repo.signInEvents(actor.tenantId, tx, userId, SIGN_IN_ACTIONS, SIGN_IN_HISTORY_SIZE);
      });
      return {
        signIns: rows.map((row) => ({
          id: row.id,
          time: iso(row.createdAt),
          outcome: row.outcome as AuditOutcome,
          method: methodOf(row.method) ?? 'password',
          ip: row.ip,
          userAgent: row.userAgent,
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
