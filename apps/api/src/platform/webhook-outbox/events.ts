import type { WebhookEventType } from '@skyvault/contract';

/** The change an audit event describes, as much of it as the webhook mapping reads. */
export interface AuditedChange {
  tenantId: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  targetName?: string | null;
  /** The redacted field changes (diffChanges), never the raw before/after: no secret can leak. */
  changes: Record<string, { before?: unknown; after?: unknown }>;
}

/** Who made a change: a user, an API token (the tenant's service principal) or the system itself. */
export interface WebhookActor {
  type: 'user' | 'api-token' | 'identity-provider' | 'system';
  id: string | null;
  name: string | null;
}

export interface WebhookEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/**
 * Field names that never reach a receiver, not even as "[secret]": the audit trail may say that a
 * password changed, a webhook says nothing of it. (The audit trail's own list, audit.service.ts; it
 * cannot be imported from there, which imports this module.)
 */
const SECRET_FIELD = /pass(word)?|secret|token|key|credential|hash|code|otp/i;
/** How the audit trail writes a redacted value. */
const REDACTED = '[secret]';

/** The value without any secret field or redacted value, at every depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== REDACTED).map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([field, item]) => !SECRET_FIELD.test(field) && item !== REDACTED)
      .map(([field, item]) => [field, withoutSecrets(item)]),
  );
}

/** The field changes a receiver may see: no secret field, and no field left with nothing to tell. */
const publicChanges = (changes: AuditedChange['changes']): AuditedChange['changes'] =>
  Object.fromEntries(
    Object.entries(withoutSecrets(changes) as AuditedChange['changes']).filter(
      ([, change]) => Object.keys(change).length > 0,
    ),
  );

const valuesAfter = (changes: AuditedChange['changes']) =>
  Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.after ?? null]));

const idsIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The webhook events one audit event stands for (none for most), without any secret field: a password
 * set or changed is not told at all (a change of nothing else sends no `user.updated`). Every change worth telling already
 * writes an audit event in its transaction, so mapping here means no service has to remember the
 * webhooks: a user created by the console, an API token or SCIM is told about the same way.
 */
export function webhookEventsOf(change: AuditedChange, actor: WebhookActor): WebhookEvent[] {
  const { action, targetType } = change;
  const changes = publicChanges(change.changes);
  const target = { id: change.targetId ?? null, name: change.targetName ?? null };
  const base = { actor };
  if (targetType === 'user') {
    const user = { user: { id: target.id, email: target.name } };
    if (action === 'create')
      return [{ type: 'user.created', data: { ...user, attributes: valuesAfter(changes), ...base } }];
    if (action === 'delete') return [{ type: 'user.deleted', data: { ...user, ...base } }];
    if (action !== 'update' && action !== 'disable' && action !== 'enable') return [];
    const events: WebhookEvent[] = [];
    const { groupId, ...others } = changes;
    if (action === 'disable') events.push({ type: 'user.disabled', data: { ...user, changes, ...base } });
    else if (Object.keys(others).length > 0)
      events.push({ type: 'user.updated', data: { ...user, changes, ...base } });
    if (groupId) {
      const removedFrom = typeof groupId.before === 'string' ? groupId.before : null;
      const addedTo = typeof groupId.after === 'string' ? groupId.after : null;
      events.push({
        type: 'group.membership_changed',
        data: {
          ...(addedTo ? { group: { id: addedTo, name: null } } : { group: { id: removedFrom, name: null } }),
          added: addedTo ? [target.id] : [],
          removed: removedFrom && !addedTo ? [target.id] : [],
          movedFrom: addedTo && removedFrom ? { id: removedFrom } : null,
          ...base,
        },
      });
    }
    return events;
  }
  if (targetType === 'group' && (action === 'add-users' || action === 'remove-user')) {
    return [
      {
        type: 'group.membership_changed',
        data: {
          group: target,
          added: idsIn(changes.userIds?.after),
          removed: idsIn(changes.userIds?.before),
          ...base,
        },
      },
    ];
  }
  if (targetType === 'role' && action === 'update-permissions') {
    return [{ type: 'role.permissions_changed', data: { role: target, changes, ...base } }];
  }
  // A request's events are recorded on the item it changes; its own id and kind are in `changes`.
  if (action === 'approval-requested' || action === 'approval-approved' || action === 'approval-denied') {
    const request = valuesAfter(changes);
    return [
      {
        type: action === 'approval-requested' ? 'approval.requested' : 'approval.decided',
        data: { request, target: { type: targetType, ...target }, ...base },
      },
    ];
  }
  if (targetType === 'ip-range' && (action === 'create' || action === 'update' || action === 'delete')) {
    return [{ type: 'security.ip_range_changed', data: { action, ipRange: target, changes, ...base } }];
  }
  return [];
}
