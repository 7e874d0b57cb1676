import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, ipRangeEndpoints, MESSAGES } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditTrailOf } from '../../../test/audit-trail.js';
import { ipRanges } from '../../db/schema/index.js';
import { createRange, ELSEWHERE, OFFICE, OFFICE_RANGE } from './ip-ranges.test-helpers.js';

describe('IP ranges', () => {
  const t = useTestApp();
  const api = apiCaller(t, { from: OFFICE });

  const auditOf = (u: TestUser, targetId: string) => auditTrailOf(t.database, u.tenantId, { targetId });

  it('creates a range with its addresses in one text form, reads it back and audits it', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, ipRangeEndpoints.create, {
      body: {
        name: ' Head office ',
        startIPAddress: ' 198.51.100.0 ',
        endIPAddress: '198.51.100.255',
      },
    });
    expect(res.statusCode).toBe(201);
    const expected = {
      id: expect.any(String),
      name: 'Head office',
      startIPAddress: '198.51.100.0',
      endIPAddress: '198.51.100.255',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    };
    expect(res.json()).toEqual(expected);
    const id = res.json().id;
    expect((await api.call(u, ipRangeEndpoints.get, { params: { id } })).json()).toEqual(expected);

    const v6 = await api.call(u, ipRangeEndpoints.create, {
      body: {
        name: 'Office IPv6',
        startIPAddress: '2001:0DB8:0000:0000:0000:0000:0000:0000',
        endIPAddress: '2001:db8:0:0:ffff:ffff:ffff:ffff',
      },
    });
    expect(v6.json()).toMatchObject({
      startIPAddress: '2001:db8::',
      endIPAddress: '2001:db8::ffff:ffff:ffff:ffff',
    });

    const [event] = await auditOf(u, id);
    expect(event).toMatchObject({
      action: 'create',
      targetType: 'ip-range',
      actorId: u.userId,
      ip: '198.51.100.7',
      changes: { name: { after: 'Head office' }, startIp: { after: '198.51.100.0' } },
    });
  });

  it('lists every range of the tenant only, oldest first, searching names and addresses in SQL', async () => {
    const u = await createTenantWithUser(t);
    await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE });
    await createRange(t, u, { name: 'VPN_pool', startIPAddress: '10.8.0.0', endIPAddress: '10.8.255.255' });
    await createRange(t, u, {
      name: 'Lab v6',
      startIPAddress: '2001:db8:1::',
      endIPAddress: '2001:db8:1::ffff',
    });
    const stranger = await createTenantWithUser(t);
    await createRange(t, stranger, { name: 'Their office', ...OFFICE_RANGE });

    const all = (await api.call(u, ipRangeEndpoints.list)).json();
    expect(all.total).toBe(3);
    expect(all.ipRanges.map((r: { name: string }) => r.name)).toEqual(['Head office', 'VPN_pool', 'Lab v6']);
    const search = async (text: string) => {
      const res = await api.send(
        u,
        'GET',
        `/api/v1/ip-ranges?searchText=${encodeURIComponent(text)}&columns=name`,
      );
      return res.json().ipRanges.map((r: { name: string }) => r.name);
    };
    expect(await search('OFFICE')).toEqual(['Head office']);
    expect(await search('10.8.')).toEqual(['VPN_pool']);
    expect(await search('db8:1')).toEqual(['Lab v6']);
    // %, _ and quotes are taken literally.
    expect(await search('_')).toEqual(['VPN_pool']);
    expect(await search('%')).toEqual([]);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect((await api.send(u, 'GET', `/api/v1/ip-ranges?searchText=${'x'.repeat(256)}`)).statusCode).toBe(
      400,
    );
  });

  const valid = { name: 'Branch', startIPAddress: '198.51.100.1', endIPAddress: '198.51.100.9' };
  it.each([
    [{ ...valid, name: '' }, { name: MESSAGES.required('Name') }],
    [{ ...valid, name: '    ' }, { name: MESSAGES.required('Name') }],
    [{ ...valid, name: 'abc' }, { name: MESSAGES.ipRangeNameMinLength }],
    [{ ...valid, name: 'a'.repeat(65) }, { name: MESSAGES.ipRangeNameMaxLength }],
    [{ ...valid, name: 'Büro' }, { name: MESSAGES.ipRangeNamePattern }],
    [{ ...valid, name: '<b>office</b>' }, { name: MESSAGES.ipRangeNamePattern }],
    [{ ...valid, name: "x'; drop table ip_ranges;--" }, { name: MESSAGES.ipRangeNamePattern }],
    [{ ...valid, name: 42 }, { name: expect.any(String) }],
    [{ ...valid, startIPAddress: '' }, { startIPAddress: MESSAGES.startIpRequired }],
    [{ ...valid, startIPAddress: '256.1.1.1' }, { startIPAddress: MESSAGES.startIpInvalid }],
    [{ ...valid, startIPAddress: '01.2.3.4' }, { startIPAddress: MESSAGES.startIpInvalid }],
    [{ ...valid, endIPAddress: '1.2.3' }, { endIPAddress: MESSAGES.endIpInvalid }],
    [{ ...valid, endIPAddress: '2001:db8::1::2' }, { endIPAddress: MESSAGES.endIpInvalid }],
    [{ ...valid, endIPAddress: 'fe80::1%eth0' }, { endIPAddress: MESSAGES.endIpInvalid }],
    [{ ...valid, endIPAddress: undefined }, { endIPAddress: MESSAGES.endIpRequired }],
    [{ ...valid, endIPAddress: '198.51.100.0' }, { endIPAddress: MESSAGES.ipRangeOrder }],
    [{ ...valid, endIPAddress: '2001:db8::1' }, { endIPAddress: MESSAGES.ipRangeVersionMismatch }],
  ])('refuses %j with the field messages', async (payload, fields) => {
    const u = await createTenantWithUser(t);
    const res = await api.send(u, 'POST', '/api/v1/ip-ranges', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields });
  });

  it('gives the required messages for an empty body', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.send(u, 'POST', '/api/v1/ip-ranges', {});
    expect(res.json().fields).toEqual({
      name: MESSAGES.required('Name'),
      startIPAddress: MESSAGES.startIpRequired,
      endIPAddress: MESSAGES.endIpRequired,
    });
  });

  it('keeps names unique per tenant in any letter case (409 at the field)', async () => {
    const u = await createTenantWithUser(t);
    await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE });
    const other = await createRange(t, u, { name: 'Branch', ...OFFICE_RANGE });
    const dup = await api.call(u, ipRangeEndpoints.create, {
      body: { name: 'HEAD OFFICE', ...OFFICE_RANGE },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: 'An IP range with this name already exists' });
    expect(
      (await api.call(u, ipRangeEndpoints.update, { params: { id: other }, body: { name: 'head office' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await api.call(u, ipRangeEndpoints.update, { params: { id: other }, body: { name: 'BRANCH' } }))
        .statusCode,
    ).toBe(200);
    const stranger = await createTenantWithUser(t);
    expect(
      (await api.call(stranger, ipRangeEndpoints.create, { body: { name: 'Head office', ...OFFICE_RANGE } }))
        .statusCode,
    ).toBe(201);
  });

  it('edits a range, checking one changed end against the stored other end', async () => {
    const u = await createTenantWithUser(t);
    const id = await createRange(t, u, {
      name: 'Head office',
      startIPAddress: '198.51.100.0',
      endIPAddress: '198.51.100.127',
    });
    const patch = (body: object) => api.call(u, ipRangeEndpoints.update, { params: { id }, body });

    const wider = await patch({ endIPAddress: '198.51.100.255' });
    expect(wider.statusCode).toBe(200);
    expect(wider.json()).toMatchObject({
      name: 'Head office',
      startIPAddress: '198.51.100.0',
      endIPAddress: '198.51.100.255',
    });

    const backwards = await patch({ startIPAddress: '198.51.101.0' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ endIPAddress: MESSAGES.ipRangeOrder });
    const mixed = await patch({ endIPAddress: '2001:db8::1' });
    expect(mixed.json().fields).toEqual({ endIPAddress: MESSAGES.ipRangeVersionMismatch });
    expect((await patch({ name: 'x' })).json().fields).toEqual({ name: MESSAGES.ipRangeNameMinLength });
    expect((await patch({ startIPAddress: 'nope' })).json().fields).toEqual({
      startIPAddress: MESSAGES.startIpInvalid,
    });

    const renamed = await patch({ name: 'Main office' });
    expect(renamed.json()).toMatchObject({ name: 'Main office', endIPAddress: '198.51.100.255' });
    const [, , event] = await auditOf(u, id);
    expect(event).toMatchObject({
      action: 'update',
      changes: { name: { before: 'Head office', after: 'Main office' } },
    });
    expect(event?.changes).not.toHaveProperty('startIp');
  });

  it('deletes a range and audits it', async () => {
    const u = await createTenantWithUser(t);
    const id = await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE });
    expect((await api.call(u, ipRangeEndpoints.remove, { params: { id } })).statusCode).toBe(204);
    expect((await api.call(u, ipRangeEndpoints.get, { params: { id } })).statusCode).toBe(404);
    expect((await api.call(u, ipRangeEndpoints.remove, { params: { id } })).statusCode).toBe(404);
    expect((await auditOf(u, id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it("answers 404 for another tenant's range and changes nothing of it", async () => {
    const owner = await createTenantWithUser(t);
    const id = await createRange(t, owner, { name: 'Head office', ...OFFICE_RANGE });
    const u = await createTenantWithUser(t);
    expect((await api.call(u, ipRangeEndpoints.get, { params: { id } })).statusCode).toBe(404);
    expect(
      (await api.call(u, ipRangeEndpoints.update, { params: { id }, body: { name: 'Stolen' } })).statusCode,
    ).toBe(404);
    expect((await api.call(u, ipRangeEndpoints.remove, { params: { id } })).statusCode).toBe(404);
    expect((await api.call(u, ipRangeEndpoints.get, { params: { id: randomUUID() } })).statusCode).toBe(404);
    expect((await api.send(u, 'GET', '/api/v1/ip-ranges/not-a-uuid')).statusCode).toBe(400);
    const [row] = await t.database.tenant(owner.tenantId, (tx) =>
      tx.select().from(ipRanges).where(eq(ipRanges.id, id)),
    );
    expect(row?.name).toBe('Head office');
  });

  it('is for administrators only (403), and for signed-in callers only (401)', async () => {
    const admin = await createTenantWithUser(t);
    const id = await createRange(t, admin, { name: 'Head office', ...OFFICE_RANGE });
    const member = { ...(await createTenantWithUser(t, { isAdmin: false })), tenantId: admin.tenantId };
    for (const [method, url, body] of [
      ['GET', '/api/v1/ip-ranges'],
      ['GET', `/api/v1/ip-ranges/${id}`],
      ['POST', '/api/v1/ip-ranges', { name: 'Mine', ...OFFICE_RANGE }],
      ['PATCH', `/api/v1/ip-ranges/${id}`, { name: 'Mine' }],
      ['DELETE', `/api/v1/ip-ranges/${id}`],
    ] as const) {
      const res = await api.send(member, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
      const anonymous = await call(t, { method, url, payload: body });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  describe('lock-out guard', () => {
    const lockout = { statusCode: 409, code: 'IP_RANGE_LOCKOUT', message: ERROR_MESSAGES.IP_RANGE_LOCKOUT };
    const names = async (u: TestUser) =>
      (await api.call(u, ipRangeEndpoints.list)).json().ipRanges.map((r: { name: string }) => r.name);

    it('refuses a first range that leaves out the administrator, and stores nothing', async () => {
      const u = await createTenantWithUser(t);
      const res = await api.call(u, ipRangeEndpoints.create, {
        body: {
          name: 'Elsewhere',
          startIPAddress: ELSEWHERE,
          endIPAddress: ELSEWHERE,
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject(lockout);
      expect(await names(u)).toEqual([]);
      // Once the office is in, ranges that leave it out are fine.
      await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE });
      await createRange(t, u, { name: 'Elsewhere', startIPAddress: ELSEWHERE, endIPAddress: ELSEWHERE });
      expect(await names(u)).toEqual(['Head office', 'Elsewhere']);
    });

    it('refuses an edit or a delete of the last range holding the administrator, and allows removing every range', async () => {
      const u = await createTenantWithUser(t);
      const office = await createRange(t, u, { name: 'Head office', ...OFFICE_RANGE });
      const other = await createRange(t, u, {
        name: 'Elsewhere',
        startIPAddress: ELSEWHERE,
        endIPAddress: ELSEWHERE,
      });
      const narrowed = await api.call(u, ipRangeEndpoints.update, {
        params: { id: office },
        body: { endIPAddress: '198.51.100.6' },
      });
      expect(narrowed.json()).toMatchObject(lockout);
      expect((await api.call(u, ipRangeEndpoints.remove, { params: { id: office } })).json()).toMatchObject(
        lockout,
      );
      expect((await api.call(u, ipRangeEndpoints.get, { params: { id: office } })).json().endIPAddress).toBe(
        '198.51.100.255',
      );
      expect((await auditOf(u, office)).map((e) => e.action)).toEqual(['create']);

      expect((await api.call(u, ipRangeEndpoints.remove, { params: { id: other } })).statusCode).toBe(204);
      // With no range left every address may sign in, so the last one may go.
      expect((await api.call(u, ipRangeEndpoints.remove, { params: { id: office } })).statusCode).toBe(204);
    });

    it('judges the address the administrator calls from, IPv4-mapped included', async () => {
      const u = await createTenantWithUser(t);
      const res = await api.call(u, ipRangeEndpoints.create, {
        body: { name: 'Head office', ...OFFICE_RANGE },
        from: '::ffff:198.51.100.9',
      });
      expect(res.statusCode).toBe(201);
      const fromHome = await api.call(u, ipRangeEndpoints.update, {
        params: { id: res.json().id },
        body: { name: 'Main office' },
        from: '2001:db8::1',
      });
      expect(fromHome.statusCode).toBe(403);
      expect(fromHome.json().code).toBe('IP_NOT_ALLOWED');
    });
  });
});
