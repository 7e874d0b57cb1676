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
  type: 'user' | 'api-token' | 'system';
  id: string | null;
  name: string | null;
}

export interface WebhookEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

const valuesAfter = (changes: AuditedChange['changes']) =>
  Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.after ?? null]));

const idsIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The webhook events one audit event stands for (none for most). Every change worth telling already
 * writes an audit event in its transaction, so mapping here means no service has to remember the
 * webhooks: a user created by the console, an API token or SCIM is told about the same way.
 */
export function webhookEventsOf(change: AuditedChange, actor: WebhookActor): WebhookEvent[] {
  const { action, targetType, changes } = change;
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
  if (targetType === 'ip-range' && (action === 'create' || action === 'update' || action === 'delete')) {
    return [{ type: 'security.ip_range_changed', data: { action, ipRange: target, changes, ...base } }];
  }
  return [];
}
