import { randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { auditChainHeads, auditEvents, tenants, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { pastTheGuard } from './audit.test-helpers.js';
import { deleteExpiredEvents, verifyChain } from './audit-chain.js';

const DAY_MS = 24 * 3600 * 1000;

describe('audit hash chain', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** A tenant with a user and `count` events, one transaction each. */
  async function tenantWithEvents(count: number) {
    const tenantId = randomUUID();
    const userId = await database.tenant(tenantId, async (tx) => {
      await tx.insert(tenants).values({ id: tenantId, name: `chain-${tenantId.slice(0, 8)}` });
      const [user] = await tx
        .insert(users)
        .values({
          tenantId,
          email: `ada-${tenantId.slice(0, 8)}@example.com`,
          firstName: 'Ada',
          lastName: 'Lovelace',
        })
        .returning({ id: users.id });
      return user!.id;
    });
    for (let i = 0; i < count; i++) {
      await database.tenant(tenantId, (tx) =>
        recordAudit(
          tx,
          { ip: '203.0.113.9', requestId: `r${i}` },
          {
            tenantId,
            actorId: userId,
            action: 'update',
            targetType: 'group',
            targetId: randomUUID(),
            targetName: `Group ${i}`,
            before: { name: `Group ${i - 1}` },
            after: { name: `Group ${i}` },
          },
        ),
      );
    }
    return { tenantId, userId };
  }

  const eventsOf = (tenantId: string) =>
    database.system((tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.tenantId, tenantId)).orderBy(auditEvents.seq),
    );
  const atSeq = (tenantId: string, seq: number) =>
    and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.seq, seq));

  /** Dates a tenant's `count` events (all it has) `when`, and rewrites the chain to match. */
  const backdate = (tenantId: string, count: number, when: Date) =>
    pastTheGuard(database, async (tx) => {
      let prevHash: string | null = null;
      for (let seq = 1; seq <= count; seq++) {
        await tx.update(auditEvents).set({ createdAt: when, prevHash }).where(atSeq(tenantId, seq));
        const [row] = await tx
          .update(auditEvents)
          .set({ hash: sql`skyvault_audit_hash(${auditEvents})` })
          .where(atSeq(tenantId, seq))
          .returning({ hash: auditEvents.hash });
        prevHash = row!.hash;
      }
      await tx.update(auditChainHeads).set({ hash: prevHash }).where(eq(auditChainHeads.tenantId, tenantId));
    });

  it('gives each event an id that rises with its time (a version 7 uuid: its first 48 bits the ms)', async () => {
    const before = Date.now();
    const { tenantId } = await tenantWithEvents(3);
    const after = Date.now();
    const ids = (await eventsOf(tenantId)).map((row) => row.id);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    const times = ids.map((id) => Number.parseInt(id.replace('-', '').slice(0, 12), 16));
    // The database's clock, within a second of this process's; within a millisecond the rest is random.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(before - 1000);
    expect(Math.max(...times)).toBeLessThanOrEqual(after + 1000);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('numbers each tenant’s events 1, 2, 3 … and links each to the one before, whatever the insert says', async () => {
    const { tenantId, userId } = await tenantWithEvents(3);
    // An insert that names its own place and hashes is put in its place all the same.
    await database.tenant(tenantId, (tx) =>
      tx
        .insert(auditEvents)
        .values({ tenantId, action: 'x', targetType: 'y', seq: 99, hash: 'forged', prevHash: 'forged' }),
    );
    const rows = await eventsOf(tenantId);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.prevHash).toBeNull();
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
    expect(rows[0]).toMatchObject({
      actorId: userId,
      actorName: 'Ada Lovelace',
      actorEmail: expect.stringMatching(/^ada-/),
    });
    const [head] = await database.system((tx) =>
      tx.select().from(auditChainHeads).where(eq(auditChainHeads.tenantId, tenantId)),
    );
    expect(head).toMatchObject({ seq: 4, hash: rows[3]!.hash, anchorSeq: 0, anchorHash: null });
    expect(await verifyChain(database, tenantId)).toEqual({
      ok: true,
      events: 4,
      headSeq: 4,
      headHash: rows[3]!.hash,
    });
  });

  it('dates each event by the database clock and names its actor from the user row, whatever the insert says', async () => {
    const { tenantId, userId } = await tenantWithEvents(1);
    const [first] = await eventsOf(tenantId);
    const lastYear = new Date(Date.now() - 365 * DAY_MS);
    const from = Date.now();
    // A request, as the app's role: a backdated event that claims a place, its hashes and another actor.
    await database.tenant(tenantId, (tx) =>
      tx.insert(auditEvents).values({
        tenantId,
        actorId: userId,
        actorEmail: 'ceo@example.com',
        actorName: 'The CEO',
        action: 'forged',
        targetType: 'group',
        createdAt: lastYear,
        seq: 1,
        prevHash: null,
        hash: 'forged',
      }),
    );
    // The owner (a sign-in's statement runs on its connection) gets no other treatment.
    await database.system((tx) =>
      tx.insert(auditEvents).values({ tenantId, action: 'owner', targetType: 'group', createdAt: lastYear }),
    );
    const [, forged, byOwner] = await eventsOf(tenantId);
    for (const row of [forged!, byOwner!]) {
      // The database's clock and this process's are the same machine's; a second of slack for rounding.
      expect(row.createdAt.getTime()).toBeGreaterThan(from - 1000);
      expect(row.createdAt.getTime()).toBeLessThan(Date.now() + 1000);
    }
    expect(byOwner!.createdAt.getTime()).toBeGreaterThanOrEqual(forged!.createdAt.getTime());
    expect(forged).toMatchObject({
      seq: 2,
      prevHash: first!.hash,
      actorEmail: first!.actorEmail,
      actorName: 'Ada Lovelace',
    });
    expect(byOwner).toMatchObject({ seq: 3, prevHash: forged!.hash });
    expect(await verifyChain(database, tenantId)).toMatchObject({ ok: true, events: 3 });
  });

  it('leaves no gap for an event rolled back with its change, and none under concurrent writers', async () => {
    const { tenantId } = await tenantWithEvents(1);
    await expect(
      database.tenant(tenantId, async (tx) => {
        await recordAudit(tx, null, { tenantId, actorId: null, action: 'delete', targetType: 'group' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        database.tenant(tenantId, (tx) =>
          recordAudit(tx, null, {
            tenantId,
            actorId: null,
            action: 'update',
            targetType: 'group',
            targetId: `concurrent-${i}`,
          }),
        ),
      ),
    );
    expect((await eventsOf(tenantId)).map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await verifyChain(database, tenantId)).toMatchObject({ ok: true, events: 9 });
  });

  it('names an event edited in place', async () => {
    const { tenantId } = await tenantWithEvents(5);
    const [edited] = await pastTheGuard(database, (tx) =>
      tx.update(auditEvents).set({ targetName: 'Someone else' }).where(atSeq(tenantId, 3)).returning(),
    );
    expect(await verifyChain(database, tenantId)).toEqual({
      ok: false,
      events: 2,
      broken: {
        seq: 3,
        id: edited!.id,
        problem: 'its content does not match its hash: the event was changed',
      },
    });
  });

  it('names the event after one edited with its hash recomputed', async () => {
    const { tenantId } = await tenantWithEvents(5);
    await pastTheGuard(database, async (tx) => {
      await tx.update(auditEvents).set({ changes: {} }).where(atSeq(tenantId, 2));
      await tx
        .update(auditEvents)
        .set({ hash: sql`skyvault_audit_hash(${auditEvents})` })
        .where(atSeq(tenantId, 2));
    });
    const next = (await eventsOf(tenantId))[2]!;
    expect(await verifyChain(database, tenantId)).toEqual({
      ok: false,
      events: 2,
      broken: {
        seq: 3,
        id: next.id,
        problem: 'its prev_hash is not the hash of seq 2: that event was changed or replaced',
      },
    });
  });

  it('notices a deleted event: in the middle, the newest or the oldest', async () => {
    const middle = await tenantWithEvents(5);
    await pastTheGuard(database, (tx) => tx.delete(auditEvents).where(atSeq(middle.tenantId, 3)));
    const after = (await eventsOf(middle.tenantId)).find((row) => row.seq === 4)!;
    expect(await verifyChain(database, middle.tenantId)).toEqual({
      ok: false,
      events: 2,
      broken: { seq: 4, id: after.id, problem: 'the event before it is missing: seq 3 is not in the trail' },
    });

    const newest = await tenantWithEvents(3);
    await pastTheGuard(database, (tx) => tx.delete(auditEvents).where(atSeq(newest.tenantId, 3)));
    expect(await verifyChain(database, newest.tenantId)).toEqual({
      ok: false,
      events: 2,
      broken: { seq: 3, id: null, problem: 'the newest events are missing: seq 3 is not in the trail' },
    });

    const oldest = await tenantWithEvents(3);
    await pastTheGuard(database, (tx) => tx.delete(auditEvents).where(atSeq(oldest.tenantId, 1)));
    expect(await verifyChain(database, oldest.tenantId)).toMatchObject({
      ok: false,
      broken: { seq: 2, problem: 'the event before it is missing: seq 1 is not in the trail' },
    });
  });

  it("refuses the app's role any change or removal of an event, and any access to the chain's heads", async () => {
    const { tenantId } = await tenantWithEvents(2);
    const refused = /permission denied/;
    await expect(
      database.tenant(tenantId, (tx) => tx.update(auditEvents).set({ action: 'nothing' })),
    ).rejects.toThrow();
    await expect(database.tenant(tenantId, (tx) => tx.delete(auditEvents))).rejects.toThrow();
    await expect(database.tenant(tenantId, (tx) => tx.execute(sql`truncate audit_events`))).rejects.toThrow();
    await expect(database.tenant(tenantId, (tx) => tx.select().from(auditChainHeads))).rejects.toThrow();
    await expect(
      database.tenant(tenantId, (tx) => tx.update(auditChainHeads).set({ seq: 0 })),
    ).rejects.toThrow();
    // The refusals are the database's permissions, not a missing row.
    const cause = await database
      .tenant(tenantId, (tx) => tx.delete(auditEvents))
      .catch((error: { cause?: { message?: string } }) => error.cause?.message ?? String(error));
    expect(cause).toMatch(refused);
    expect(await verifyChain(database, tenantId)).toMatchObject({ ok: true, events: 2 });
  });

  it('refuses every role, the owner too, a change or an early removal of an event, even after RESET ROLE', async () => {
    const { tenantId } = await tenantWithEvents(2);
    const outcome = (run: Promise<unknown>) =>
      run.then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    // A request that leaves the app's role returns to the login role: PGlite's superuser, on
    // PostgreSQL the role of DATABASE_URL (the owner, unless the install connects as one that owns nothing).
    const escaped = (statement: SQL) =>
      database.tenant(tenantId, async (tx) => {
        await tx.execute(sql`reset role`);
        return tx.execute(statement);
      });
    const asOwner = (statement: SQL) => database.system((tx) => tx.execute(statement));
    for (const run of [escaped, asOwner]) {
      expect(
        await outcome(run(sql`update audit_events set action = 'nothing' where tenant_id = ${tenantId}`)),
      ).toBe('audit events cannot be changed (UPDATE)');
      expect(await outcome(run(sql`delete from audit_events where tenant_id = ${tenantId}`))).toMatch(
        /^audit event \S+ \(seq \d+\) is within its tenant's retention: it cannot be removed$/,
      );
      expect(await outcome(run(sql`truncate audit_events`))).toBe(
        'audit events cannot be changed (TRUNCATE)',
      );
    }
    expect(await verifyChain(database, tenantId)).toMatchObject({ ok: true, events: 2 });
  });

  it('deletes events past the retention; verification starts from the anchor they leave', async () => {
    const { tenantId } = await tenantWithEvents(0);
    await database.system((tx) =>
      tx.update(tenants).set({ auditRetentionDays: 30 }).where(eq(tenants.id, tenantId)),
    );
    for (let i = 0; i < 3; i++) {
      await database.tenant(tenantId, (tx) =>
        recordAudit(tx, null, {
          tenantId,
          actorId: null,
          action: 'delete',
          targetType: 'group',
          targetId: `old-${i}`,
        }),
      );
    }
    // The database dates every event itself: only the owner's DDL can make these 40 days old.
    await backdate(tenantId, 3, new Date(Date.now() - 40 * DAY_MS));
    for (let i = 0; i < 2; i++) {
      await database.tenant(tenantId, (tx) =>
        recordAudit(tx, null, {
          tenantId,
          actorId: null,
          action: 'create',
          targetType: 'group',
          targetId: `new-${i}`,
        }),
      );
    }
    const before = await eventsOf(tenantId);
    // Other tenants keep theirs (365 days by default).
    const other = await tenantWithEvents(1);

    expect(await deleteExpiredEvents(database)).toBe(3);
    const kept = await eventsOf(tenantId);
    expect(kept.map((row) => row.targetId)).toEqual(['new-0', 'new-1']);
    expect((await eventsOf(other.tenantId)).length).toBe(1);
    const [head] = await database.system((tx) =>
      tx.select().from(auditChainHeads).where(eq(auditChainHeads.tenantId, tenantId)),
    );
    expect(head).toMatchObject({ seq: 5, anchorSeq: 3, anchorHash: before[2]!.hash });
    expect(await verifyChain(database, tenantId)).toMatchObject({ ok: true, events: 2, headSeq: 5 });
    expect(await deleteExpiredEvents(database)).toBe(0);

    // The oldest kept one removed by hand is still noticed.
    await pastTheGuard(database, (tx) => tx.delete(auditEvents).where(atSeq(tenantId, 4)));
    expect(await verifyChain(database, tenantId)).toMatchObject({
      ok: false,
      broken: { seq: 5, problem: 'the event before it is missing: seq 4 is not in the trail' },
    });
  });

  it("goes with its tenant: deleting a tenant removes its events and its chain's head", async () => {
    const { tenantId } = await tenantWithEvents(2);
    await database.system((tx) => tx.delete(tenants).where(eq(tenants.id, tenantId)));
    expect(await eventsOf(tenantId)).toEqual([]);
    expect(await verifyChain(database, tenantId)).toEqual({
      ok: true,
      events: 0,
      headSeq: 0,
      headHash: null,
    });
  });
});
