import type { AuditEvent } from '@skyvault/contract';

/** Who did it, as the table and the drawer name them. */
export function actorName(event: AuditEvent): string {
  if (event.actorType === 'operator') return 'Operator';
  if (event.actorType === 'system' || !event.actor) return 'System';
  return event.actor.name || event.actor.email || event.actor.id;
}

/** 'group: Finance'; a resource without a name shows its id, or only its type. */
export function resourceLabel(event: AuditEvent): string {
  const name = event.resource.name ?? event.resource.id;
  return name ? `${event.resource.type}: ${name}` : event.resource.type;
}

/** A before/after value as JSON; the API's "[secret]" stays as it is, and nothing at all reads "—". */
export function formatChangeValue(value: unknown): string {
  if (value === undefined) return '—';
  if (value === '[secret]') return value;
  return JSON.stringify(value, null, 2);
}
