import type { AuditActionName, AuditOutcome, SignInMethod } from '@skyvault/contract';
import { sql, type WithSubquery } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client.js';
import { kept } from '../../db/prepared.js';
import { auditEvents } from '../../db/schema/index.js';
import type { RequestMeta } from '../../lib/context.js';
import { enqueueWebhooksForAudit } from '../webhook-outbox/index.js';

/** One of the contract's actions: the trail's Action filter offers each of them, and only them. */
export type AuditAction = AuditActionName;

export interface AuditEvent {
  tenantId: string;
  /** The user who made the change; null for the system or an anonymous caller (failed sign-in). */
  actorId: string | null;
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  /** The target's name as it is now (after a rename, the new one), so the trail still names it once gone. */
  targetName?: string | null;
  /** 'failure' for what was refused: a failed sign-in, a wrong MFA code. */
  outcome?: AuditOutcome;
  /** How a sign-in (or its MFA step) was attempted. */
  method?: SignInMethod;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Field names whose values never reach the audit trail. */
const SECRET_FIELD = /pass(word)?|secret|token|key|credential|hash|code|otp/i;
/** What the trail shows for a secret: that it was set or changed, never its value. */
export const REDACTED = '[secret]';

const redactValue = (field: string, value: unknown): unknown => {
  if (value === undefined || value === null) return value;
  if (SECRET_FIELD.test(field)) return REDACTED;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => redactValue(field, v));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(k, v)]));
  }
  return value;
};

/** The fields that differ between before and after, each with both values, secrets redacted. */
export function diffChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, { before?: unknown; after?: unknown }> {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, { before?: unknown; after?: unknown }> = {};
  for (const field of fields) {
    if (field === 'updatedAt' || field === 'createdAt') continue;
    // Compare the real values, record only redacted ones: a changed secret shows as changed.
    if (JSON.stringify(before?.[field]) === JSON.stringify(after?.[field])) continue;
    const b = redactValue(field, before?.[field]);
    const a = redactValue(field, after?.[field]);
    changes[field] = { ...(before ? { before: b } : {}), ...(after ? { after: a } : {}) };
  }
  return changes;
}

/**
 * Records one change in the caller's transaction, so that the change and its audit event are
 * committed or rolled back together (ARCHITECTURE §4). Every service that changes data calls this.
 * The database completes the row in the same statement (migrations 0014, 0027): the actor's address
 * and name from their user row, the event's time from its clock and its place in the tenant's hash
 * chain, whatever the row says.
 */
export async function recordAudit(tx: Tx, meta: RequestMeta | null, event: AuditEvent): Promise<void> {
  const row = auditRow(meta, event);
  await tx.insert(auditEvents).values(row);
  // The changes that webhooks tell about are queued here, in the same transaction (redacted values only).
  if (row.outcome === 'success') await enqueueWebhooksForAudit(tx, meta, row);
}

/**
 * Records one event in the statement of the change it describes, given as a data-modifying CTE: both
 * commit together in one round trip, without a transaction around them. For a sign-in's new session,
 * the one change made before a tenant transaction exists (on the owner connection, like the look-ups
 * that proved the sign-in). The statement is built once under `name` (db/prepared.ts `kept`): `change`
 * builds the CTE with placeholders, whose values `changeParams` gives at each call.
 */
export async function recordAuditWith(
  db: AppDb,
  name: string,
  change: () => WithSubquery,
  changeParams: Record<string, unknown>,
  meta: RequestMeta | null,
  event: AuditEvent,
): Promise<void> {
  const statement = kept(db, name, () =>
    db
      .with(change())
      .insert(auditEvents)
      .values(
        Object.fromEntries(
          AUDIT_COLUMNS.map((column) => [column, sql.placeholder(`audit_${column}`)]),
        ) as unknown as typeof auditEvents.$inferInsert,
      ),
  );
  const row = auditRow(meta, event);
  await statement.execute({
    ...changeParams,
    ...Object.fromEntries(AUDIT_COLUMNS.map((column) => [`audit_${column}`, row[column]])),
  });
}

const auditRow = (meta: RequestMeta | null, event: AuditEvent) => ({
  tenantId: event.tenantId,
  actorId: event.actorId,
  // Given only for an actor no user row names (an API token); the database names users itself.
  actorName: meta?.actorName ?? null,
  action: event.action,
  outcome: event.outcome ?? 'success',
  method: event.method ?? null,
  targetType: event.targetType,
  targetId: event.targetId ?? null,
  targetName: event.targetName ?? null,
  changes: diffChanges(event.before, event.after),
  // Empty for a command line's event (no request): nothing to record.
  ip: meta?.ip || null,
  userAgent: meta?.userAgent ?? null,
  requestId: meta?.requestId || null,
});

/** The columns an event's row gives; the database completes the rest (migration 0014). */
const AUDIT_COLUMNS = Object.keys(
  auditRow(null, { tenantId: '', actorId: null, action: 'create', targetType: '' }),
) as Array<keyof ReturnType<typeof auditRow>>;

/**
 * The second step of a sign-in, accepted or refused: names the factor that answered (a TOTP device, a
 * passkey, the recovery codes), or the user when none did.
 */
export const recordMfaChallenge = (
  tx: Tx,
  signIn: { meta: RequestMeta; method: SignInMethod },
  who: { tenantId: string; userId: string },
  factor: { type: string; id: string; name?: string } | null,
  accepted: boolean,
) =>
  recordAudit(tx, signIn.meta, {
    tenantId: who.tenantId,
    actorId: who.userId,
    action: 'mfa-challenge',
    outcome: accepted ? 'success' : 'failure',
    method: signIn.method,
    ...(factor
      ? { targetType: factor.type, targetId: factor.id, targetName: factor.name ?? null }
      : { targetType: 'user', targetId: who.userId }),
  });
