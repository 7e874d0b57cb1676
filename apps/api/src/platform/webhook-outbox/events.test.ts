import { describe, expect, it } from 'vitest';
import { diffChanges } from '../audit/audit.service.js';
import { type AuditedChange, webhookEventsOf } from './events.js';

const actor = { type: 'user' as const, id: 'admin-1', name: null };
const change = (
  targetType: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditedChange => ({
  tenantId: 't',
  actorId: 'admin-1',
  action,
  targetType,
  targetId: 'target-1',
  targetName: 'target@example.com',
  changes: diffChanges(before, after),
});
const typesOf = (c: AuditedChange) => webhookEventsOf(c, actor).map((e) => e.type);
const user = { email: 'a@example.com', firstName: 'A', status: 'Confirmed', groupId: null };

describe('the webhook events of an audit event', () => {
  it('maps user changes: created, updated, disabled, deleted, and a new group as a membership change', () => {
    expect(typesOf(change('user', 'create', null, user))).toEqual(['user.created']);
    expect(typesOf(change('user', 'update', user, { ...user, firstName: 'B' }))).toEqual(['user.updated']);
    expect(typesOf(change('user', 'disable', user, { ...user, status: 'Disabled' }))).toEqual([
      'user.disabled',
    ]);
    expect(typesOf(change('user', 'enable', { ...user, status: 'Disabled' }, user))).toEqual([
      'user.updated',
    ]);
    expect(typesOf(change('user', 'delete', user, null))).toEqual(['user.deleted']);
    expect(typesOf(change('user', 'update', user, { ...user, groupId: 'g-1' }))).toEqual([
      'group.membership_changed',
    ]);
    expect(typesOf(change('user', 'update', user, { ...user, groupId: 'g-1', firstName: 'C' }))).toEqual([
      'user.updated',
      'group.membership_changed',
    ]);
    // A password reset or a sign-in tells nobody.
    expect(typesOf(change('user', 'reset-password', user, user))).toEqual([]);
    expect(typesOf(change('user', 'sign-in', null, null))).toEqual([]);
  });

  it('maps group membership from the group side, role permissions and network ranges', () => {
    const added = webhookEventsOf(change('group', 'add-users', null, { userIds: ['u1', 'u2'] }), actor);
    expect(added).toEqual([
      {
        type: 'group.membership_changed',
        data: {
          group: { id: 'target-1', name: 'target@example.com' },
          added: ['u1', 'u2'],
          removed: [],
          actor,
        },
      },
    ]);
    expect(
      webhookEventsOf(change('group', 'remove-user', { userIds: ['u3'] }, null), actor)[0]!.data,
    ).toMatchObject({
      added: [],
      removed: ['u3'],
    });
    expect(typesOf(change('group', 'update', { name: 'a' }, { name: 'b' }))).toEqual([]);
    expect(typesOf(change('role', 'update-permissions', { p: 1 }, { p: 2 }))).toEqual([
      'role.permissions_changed',
    ]);
    for (const action of ['create', 'update', 'delete'])
      expect(typesOf(change('ip-range', action, null, { name: 'x' }))).toEqual(['security.ip_range_changed']);
    expect(typesOf(change('webhook', 'create', null, { url: 'x' }))).toEqual([]);
  });

  it('carries no password or other secret field, not even as [secret], at any depth', () => {
    const [created] = webhookEventsOf(
      change('user', 'create', null, { ...user, password: 'Hunter-2-secret' }),
      actor,
    );
    expect(created!.data.attributes).toEqual({ ...user, groupId: null });
    const [updated] = webhookEventsOf(
      change(
        'user',
        'update',
        { ...user, password: 'old-hash', settings: { apiToken: 'a', theme: 'dark' } },
        { ...user, firstName: 'B', password: 'new-hash', settings: { apiToken: 'b', theme: 'light' } },
      ),
      actor,
    );
    expect(updated!.data.changes).toEqual({
      firstName: { before: 'A', after: 'B' },
      settings: { before: { theme: 'dark' }, after: { theme: 'light' } },
    });
    const roles = webhookEventsOf(
      change('role', 'update-permissions', { clientSecret: 'x', p: 1 }, { clientSecret: 'y', p: 2 }),
      actor,
    );
    for (const event of [created, updated, ...roles]) {
      const text = JSON.stringify(event);
      for (const word of ['Hunter', 'hash', 'password', 'apiToken', 'clientSecret', '[secret]'])
        expect(text).not.toContain(word);
    }
    // A new password and nothing else: nothing to tell.
    expect(typesOf(change('user', 'update', { ...user, password: 'a' }, { ...user, password: 'b' }))).toEqual(
      [],
    );
  });
});
