import { roleEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { createGroup, insertRole } from '../groups/groups.test-helpers.js';
import { csvCell } from './audit.csv.js';
import { everyEvent, parseCsv } from './audit.test-helpers.js';

describe('audit trail export', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const exportCsv = (user: TestUser, search: string) =>
    call(t, { method: 'GET', url: `/api/v1/audit-events/export?format=csv&${search}`, cookie: user.cookie });

  it('is a CSV attachment with the same rows as the list, in its order, however many pages', async () => {
    const admin = await createTenantWithUser(t);
    const roleId = await insertRole(t, admin.tenantId, 'Exporters');
    // More than one of the export's batches (500).
    for (let i = 0; i < 3; i++) await createGroup(t, admin, { name: `Exported ${i}`, roleId });
    await t.database.tenant(admin.tenantId, async (tx) => {
      for (let i = 0; i < 520; i++) {
        await recordAudit(tx, null, {
          tenantId: admin.tenantId,
          actorId: admin.userId,
          action: i % 2 ? 'update' : 'create',
          targetType: 'role',
          targetId: roleId,
          targetName: 'Exporters',
          after: { note: `row ${i}, with "quotes"\nand a line break` },
        });
      }
    });

    for (const search of ['', 'action=update', `resourceType=group&actor=${admin.email}`]) {
      const res = await exportCsv(admin, search);
      expect(res.statusCode, search).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="audit-events-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...lines] = parseCsv(res.body);
      expect(header).toEqual([
        'time',
        'seq',
        'id',
        'actor type',
        'actor id',
        'actor email',
        'actor name',
        'action',
        'outcome',
        'method',
        'resource type',
        'resource id',
        'resource name',
        'ip',
        'user agent',
        'request id',
        'changes',
      ]);
      const query = Object.fromEntries(new URLSearchParams(search));
      const listed = await everyEvent(api, admin, { ...query, limit: 200 });
      expect(
        lines.map((line) => line[2]),
        search,
      ).toEqual(listed.map((event) => event.id));
      const first = lines[0]!;
      expect(first[0]).toBe(listed[0]!.time);
      expect(first[4]).toBe(admin.userId);
      expect(JSON.parse(first[16]!)).toEqual(listed[0]!.changes);
    }
  });

  it('keeps formulas out of spreadsheets: a cell starting with = + - @ gets an apostrophe', async () => {
    const admin = await createTenantWithUser(t);
    const created = await call(t, {
      method: 'POST',
      url: roleEndpoints.create.path,
      payload: { name: '=HYPERLINK("http://evil")', description: '' },
      cookie: admin.cookie,
      headers: { 'user-agent': '@SUM(1+1)' },
    });
    expect(created.statusCode).toBe(201);
    const [, row] = parseCsv((await exportCsv(admin, 'resourceType=role')).body);
    expect(row![12]).toBe(`'=HYPERLINK("http://evil")`);
    expect(row![14]).toBe("'@SUM(1+1)");

    expect(csvCell('=1+2')).toBe(`"'=1+2"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('makes a formula inert after any separator a spreadsheet splits on: an apostrophe, and quoted', async () => {
    const inert: [string, string][] = [
      ['a;=1+1', `"'a;=1+1"`],
      ["x,=cmd|' /C calc'!A0", `"'x,=cmd|' /C calc'!A0"`],
      ['\t=1', `"'\t=1"`],
      ['\r=1', `"'\r=1"`],
      ['@SUM(1)', `"'@SUM(1)"`],
      ['-2+3', `"'-2+3"`],
      ['+1', `"'+1"`],
      ['note; -1', `"'note; -1"`],
      ['a\t@x', `"'a\t@x"`],
      ['first line\n+1', `"'first line\n+1"`],
      ['say "=HYPERLINK(1)"', `"'say ""=HYPERLINK(1)"""`],
    ];
    for (const [value, cell] of inert) expect(csvCell(value), JSON.stringify(value)).toBe(cell);
    // What people write stays as it was: a name, an address, a time, an IPv6 address, a user agent.
    for (const value of ['Ada Lovelace', 'ada@example.com', '2026-11-25T04:58:19.290Z', '2001:db8::1']) {
      expect(csvCell(value)).toBe(value);
    }
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)';
    expect(csvCell(agent)).toBe(`"${agent}"`);
    expect(parseCsv(`${csvCell('Smith, Jones; and co')}\r\n`)).toEqual([['Smith, Jones; and co']]);

    // Through the export: a role named with a formula after a semicolon.
    const admin = await createTenantWithUser(t);
    const created = await call(t, {
      method: 'POST',
      url: roleEndpoints.create.path,
      payload: { name: 'Ops;=1+1', description: '' },
      cookie: admin.cookie,
    });
    expect(created.statusCode).toBe(201);
    const res = await exportCsv(admin, 'resourceType=role');
    expect(res.body).toContain(`,"'Ops;=1+1",`);
    const [, row] = parseCsv(res.body);
    expect(row![12]).toBe("'Ops;=1+1");
  });

  it('needs the format, and refuses the list filters it refuses', async () => {
    const admin = await createTenantWithUser(t);
    for (const url of ['/api/v1/audit-events/export', '/api/v1/audit-events/export?format=xml']) {
      const res = await call(t, { method: 'GET', url, cookie: admin.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { format: 'Format should be csv' } });
    }
  });
});
