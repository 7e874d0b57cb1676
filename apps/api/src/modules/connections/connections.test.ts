import { connectionEndpoints, MESSAGES } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, createTestApp, useTestApp } from '../../../test/app.js';
import {
  backupBody,
  ENCRYPTION_KEY,
  plainBody,
  seedConnections,
  seedStorage,
  storedConnection,
} from './connections.test-helpers.js';

const UNKNOWN_ID = '3f0c6a52-4f0e-4d36-9a40-0d7a0c3f1a11';
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

describe('connections API', () => {
  // Creating only builds the login address: no call reaches Salesforce in these tests.
  const t = useTestApp(() =>
    createTestApp({ SALESFORCE_CLIENT_ID: 'client-id', SALESFORCE_CLIENT_SECRET: 'client-secret' }),
  );
  const api = apiCaller(t);

  describe('list', () => {
    const names = (res: { json: () => { rows: { name: string }[] } }) => res.json().rows.map((r) => r.name);

    it('pages, sorts, filters by type and searches name and Salesforce username in SQL', async () => {
      const u = await createTenantWithUser(t);
      await seedConnections(t, u, [
        {
          name: 'alpha',
          organizationType: 'Production',
          username: 'ops@acme.example.com',
          createdAt: day(1),
          updatedAt: day(20),
        },
        {
          name: 'Bravo',
          organizationType: 'Sandbox',
          username: 'qa@acme.example.com',
          createdAt: day(2),
          updatedAt: day(3),
        },
        { name: 'charlie', organizationType: 'Sandbox', createdAt: day(3), updatedAt: day(30) },
        {
          name: 'delta_1',
          organizationType: 'Production',
          username: 'dev@beta.example.com',
          createdAt: day(4),
        },
        ...Array.from({ length: 8 }, (_, i) => ({
          name: `zulu-${i}`,
          organizationType: 'Production' as const,
          createdAt: day(10 + i),
        })),
      ]);
      const list = (query: string) => api.send(u, 'GET', `/api/v1/connections${query}`);

      // Newest first by default, 10 to a page, with the total.
      const first = await list('');
      expect(first.json().count).toBe(12);
      expect(names(first)).toHaveLength(10);
      expect(names(first)[0]).toBe('zulu-7');
      expect(names(await list('?offset=10'))).toEqual(['Bravo', 'alpha']);
      expect(names(await list('?limit=3&offset=1'))).toEqual(['zulu-6', 'zulu-5', 'zulu-4']);

      // The sort options of the dropdown; names sort regardless of case.
      expect(names(await list('?sort=name&order=ASC&limit=4'))).toEqual([
        'alpha',
        'Bravo',
        'charlie',
        'delta_1',
      ]);
      expect(names(await list('?sort=name&order=DESC&limit=2'))).toEqual(['zulu-7', 'zulu-6']);
      expect(names(await list('?sort=updatedAt&order=DESC&limit=2'))).toEqual(['charlie', 'alpha']);
      expect(names(await list('?sort=updatedAt&order=ASC&limit=2'))).toEqual(['Bravo', 'delta_1']);

      const sandboxes = await list('?organizationType=Sandbox');
      expect(sandboxes.json().count).toBe(2);
      expect(names(sandboxes)).toEqual(['charlie', 'Bravo']);

      expect(names(await list('?search=BRAV'))).toEqual(['Bravo']);
      expect(names(await list('?search=acme.example'))).toEqual(['Bravo', 'alpha']);
      expect(names(await list('?search=acme&organizationType=Production'))).toEqual(['alpha']);
      // The user's % and _ are literal characters, not wildcards.
      expect(names(await list('?search=a_1'))).toEqual(['delta_1']);
      expect((await list('?search=%25')).json().count).toBe(0);

      expect((await list('?sort=password')).statusCode).toBe(400);
      expect((await list('?organizationType=Scratch')).json().fields.organizationType).toBe(
        'Connection type is required',
      );
    });

    it('answers each row in the contract shape, with its creator from one join', async () => {
      const u = await createTenantWithUser(t);
      await seedConnections(t, u, [
        { name: 'mine', organizationType: 'Production', username: 'me@acme.example.com', createdAt: day(2) },
        { name: 'orphan', organizationType: 'Sandbox', createdAt: day(1), createdBy: UNKNOWN_ID },
      ]);
      const { rows } = (await api.call(u, connectionEndpoints.list)).json();
      expect(rows[0]).toEqual({
        id: rows[0].id,
        connectionId: rows[0].id,
        name: 'mine',
        type: 'Salesforce',
        organizationType: 'Production',
        userName: 'me@acme.example.com',
        status: 'connected',
        lastError: null,
        createdBy: { id: u.userId, name: expect.stringMatching(/^Test User \d+$/) },
        createdAt: day(2).toISOString(),
        updatedAt: day(2).toISOString(),
        // No check has run yet.
        health: null,
      });
      // Its creator was deleted: shown as unknown, not linked.
      expect(rows[1]).toMatchObject({ name: 'orphan', userName: '', status: 'pending', createdBy: null });

      const other = await createTenantWithUser(t);
      expect((await api.call(other, connectionEndpoints.list)).json()).toEqual({ rows: [], count: 0 });
    });
  });

  describe('create', () => {
    it('creates a pending connection for a tenant without Backup, and refuses a storage from it', async () => {
      const u = await createTenantWithUser(t, { services: ['devOps'] });
      const res = await api.call(u, connectionEndpoints.create, { body: plainBody('devops-org') });
      expect(res.statusCode).toBe(201);
      expect(new URL(res.json().loginURI).origin).toBe('https://login.salesforce.com');
      const storageId = await seedStorage(t, u.tenantId, 'not-for-devops');
      const refused = await api.call(u, connectionEndpoints.create, {
        body: backupBody('with-storage', storageId),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({
        storageId: MESSAGES.backupOnlyConnectionSettings,
        encryptionKey: MESSAGES.backupOnlyConnectionSettings,
      });
    });

    it('tells a tenant without Backup that sends an encryption key alone why, rather than asking for a storage', async () => {
      const u = await createTenantWithUser(t, { services: ['devOps'] });
      const res = await api.call(u, connectionEndpoints.create, {
        body: {
          ...plainBody('key-from-devops'),
          encryptionKey: 'k1',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: MESSAGES.backupOnlyConnectionSettings,
        fields: { encryptionKey: MESSAGES.backupOnlyConnectionSettings },
      });
      expect(res.json().fields).not.toHaveProperty('storageId');
    });

    it('requires a storage the tenant may use and an encryption key from a tenant with Backup', async () => {
      const u = await createTenantWithUser(t, { services: ['backup'] });
      const none = await api.call(u, connectionEndpoints.create, { body: plainBody('no-storage') });
      expect(none.json()).toMatchObject({
        statusCode: 400,
        fields: { storageId: 'Storage is required', encryptionKey: 'Encryption Key is required.' },
      });
      const own = await seedStorage(t, u.tenantId, 'own');
      const keyOnly = await api.call(u, connectionEndpoints.create, {
        body: {
          ...plainBody('key-only'),
          encryptionKey: 'k',
        },
      });
      expect(keyOnly.json().fields.storageId).toBe('Storage is required');
      const storageOnly = await api.call(u, connectionEndpoints.create, {
        body: {
          ...plainBody('storage-only'),
          storageId: own,
        },
      });
      expect(storageOnly.json().fields.encryptionKey).toBe('Encryption Key is required.');
      const longKey = await api.call(u, connectionEndpoints.create, {
        body: {
          ...backupBody('long-key', own),
          encryptionKey: 'k'.repeat(17),
        },
      });
      expect(longKey.json().fields.encryptionKey).toBe('Encryption Key cannot exceed 16 characters.');

      const other = await createTenantWithUser(t, { services: ['backup'] });
      const theirs = await seedStorage(t, other.tenantId, 'theirs');
      for (const storageId of [theirs, UNKNOWN_ID]) {
        const res = await api.call(u, connectionEndpoints.create, {
          body: backupBody('elsewhere', storageId),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.storageId).toMatch(/not available/);
      }
      expect((await api.call(u, connectionEndpoints.list)).json().count).toBe(0);

      const shared = await seedStorage(t, null, `shared-${u.tenantId.slice(0, 8)}`);
      for (const [name, storageId] of [
        ['on-own', own],
        ['on-shared', shared],
      ] as const) {
        const res = await api.call(u, connectionEndpoints.create, { body: backupBody(name, storageId) });
        expect(res.statusCode).toBe(201);
        // Never answered: not on create, not in the list.
        expect(res.body).not.toContain(ENCRYPTION_KEY);
      }
      const list = await api.call(u, connectionEndpoints.list);
      expect(list.json().count).toBe(2);
      expect(list.body).not.toContain(ENCRYPTION_KEY);
      const row = await storedConnection(t, u.tenantId, list.json().rows[0].id);
      expect(row.encryptionKey).not.toContain(ENCRYPTION_KEY);
    });

    it.each([
      ['', MESSAGES.nameRequired],
      ['ab', MESSAGES.connectionNameMinLength],
      ['a'.repeat(65), MESSAGES.connectionNameMaxLength],
      ['prod org', MESSAGES.connectionNamePattern],
    ])('answers the name %j with the spec message', async (name, message) => {
      const u = await createTenantWithUser(t, { services: [] });
      expect(
        (await api.call(u, connectionEndpoints.create, { body: plainBody(name) })).json().fields.name,
      ).toBe(message);
    });

    it('requires a connection type and a unique name', async () => {
      const u = await createTenantWithUser(t, { services: [] });
      const typeless = await api.send(u, 'POST', '/api/v1/connections', { name: 'typeless', config: {} });
      expect(typeless.json().fields['config.organizationType']).toBe('Connection type is required');
      expect(
        (await api.call(u, connectionEndpoints.create, { body: plainBody('Prod-Org') })).statusCode,
      ).toBe(201);
      const dup = await api.call(u, connectionEndpoints.create, { body: plainBody('prod-org') });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().fields.name).toBe('A connection with this name already exists');
    });
  });

  describe('renew and delete', () => {
    it('renews only with the id and type of the connection', async () => {
      const u = await createTenantWithUser(t, { services: [] });
      await api.call(u, connectionEndpoints.create, { body: plainBody('renewable', 'Sandbox') });
      const [row] = (await api.call(u, connectionEndpoints.list)).json().rows;
      const renew = (body: object) => api.send(u, 'PATCH', `/api/v1/connections/${row.id}/renew`, body);
      const ok = await renew({ connectionId: row.id, organizationType: 'Sandbox' });
      expect(new URL(ok.json().loginUri).origin).toBe('https://test.salesforce.com');
      expect(
        (await renew({ connectionId: UNKNOWN_ID, organizationType: 'Sandbox' })).json().fields.connectionId,
      ).toBeDefined();
      expect(
        (await renew({ connectionId: row.id, organizationType: 'Production' })).json().fields
          .organizationType,
      ).toBe('The connection type of an existing connection cannot be changed');
      expect((await renew({ connectionId: row.id })).json().fields.organizationType).toBe(
        'Connection type is required',
      );
    });

    it("answers 404 for another tenant's connection, 403 to non-administrators and 401 without a session", async () => {
      const owner = await createTenantWithUser(t, { services: [] });
      await api.call(owner, connectionEndpoints.create, { body: plainBody('guarded') });
      const [row] = (await api.call(owner, connectionEndpoints.list)).json().rows;
      const other = await createTenantWithUser(t, { services: [] });
      const member = await createTenantWithUser(t, { services: [], isAdmin: false });
      const renewBody = { connectionId: row.id, organizationType: 'Production' };

      expect(
        (await api.send(other, 'PATCH', `/api/v1/connections/${row.id}/renew`, renewBody)).statusCode,
      ).toBe(404);
      expect((await api.call(other, connectionEndpoints.remove, { params: { id: row.id } })).statusCode).toBe(
        404,
      );
      for (const [method, url, payload] of [
        ['GET', '/api/v1/connections', undefined],
        ['POST', '/api/v1/connections', plainBody('sneaky')],
        ['PATCH', `/api/v1/connections/${row.id}/renew`, renewBody],
        ['DELETE', `/api/v1/connections/${row.id}`, undefined],
      ] as const) {
        expect((await api.send(member, method, url, payload)).json().code).toBe('INSUFFICIENT_ACCESS');
        expect((await call(t, { method, url, payload })).statusCode).toBe(401);
      }
      expect((await api.call(owner, connectionEndpoints.list)).json().count).toBe(1);
      expect((await api.call(owner, connectionEndpoints.remove, { params: { id: row.id } })).statusCode).toBe(
        204,
      );
      expect((await api.call(owner, connectionEndpoints.remove, { params: { id: row.id } })).statusCode).toBe(
        404,
      );
    });

    it('sends a callback without a state back to the screen', async () => {
      const res = await call(t, { method: 'GET', url: '/api/v1/connections/oauth/callback?code=abc' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/connections?failed=state');
    });
  });
});
