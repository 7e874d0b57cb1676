import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { auditEvents, tenants } from '../../db/schema/index.js';
import { diffChanges, REDACTED, recordAudit } from './audit.service.js';

describe('audit trail', () => {
  it('records only changed fields and shows secrets as "[secret]"', () => {
    expect(REDACTED).toBe('[secret]');
    expect(
      diffChanges(
        { name: 'old', clientSecret: 'a', password: 'p', updatedAt: 1 },
        { name: 'new', clientSecret: 'b', password: 'p', updatedAt: 2 },
      ),
    ).toEqual({ name: { before: 'old', after: 'new' }, clientSecret: { before: REDACTED, after: REDACTED } });
    expect(diffChanges(null, { name: 'x', credentials: { secretAccessKey: 'k', region: 'eu' } })).toEqual({
      name: { after: 'x' },
      credentials: { after: REDACTED },
    });
  });

  describe('recordAudit', () => {
    let database: Database;
    const tenantId = randomUUID();
    beforeAll(async () => {
      database = await openTestDatabase();
      await database.tenant(tenantId, (tx) => tx.insert(tenants).values({ id: tenantId, name: 'audited' }));
    });
    afterAll(() => database.close());

    it('commits with the change and rolls back with it', async () => {
      const meta = { ip: '203.0.113.5', userAgent: 'test', requestId: 'req-1' };
      await database.tenant(tenantId, (tx) =>
        recordAudit(tx, meta, {
          tenantId,
          actorId: null,
          action: 'update',
          targetType: 'tenant',
          targetId: tenantId,
          before: { name: 'a' },
          after: { name: 'b' },
        }),
      );
      await expect(
        database.tenant(tenantId, async (tx) => {
          await recordAudit(tx, meta, { tenantId, actorId: null, action: 'delete', targetType: 'tenant' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      const rows = await database.tenant(tenantId, (tx) => tx.select().from(auditEvents));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'update',
        ip: '203.0.113.5',
        requestId: 'req-1',
        changes: { name: { before: 'a', after: 'b' } },
        // The rolled-back event took no place in the chain.
        seq: 1,
        outcome: 'success',
        method: null,
        targetName: null,
      });
    });

    it('keeps the outcome, the sign-in method and the target’s name it is given', async () => {
      await database.tenant(tenantId, (tx) =>
        recordAudit(tx, null, {
          tenantId,
          actorId: null,
          action: 'failed-sign-in',
          outcome: 'failure',
          method: 'sso',
          targetType: 'tenant',
          targetId: tenantId,
          targetName: 'audited',
        }),
      );
      const rows = await database.tenant(tenantId, (tx) =>
        tx.select().from(auditEvents).orderBy(auditEvents.seq),
      );
      expect(rows.at(-1)).toMatchObject({
        seq: 2,
        outcome: 'failure',
        method: 'sso',
        targetName: 'audited',
        actorEmail: null,
        prevHash: rows[0]!.hash,
      });
    });
  });
});
