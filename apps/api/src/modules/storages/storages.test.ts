import { randomUUID } from 'node:crypto';
import { storageEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAdministratorsOnly, expectEachAnswers } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, connections, storages } from '../../db/schema/index.js';
import { REDACTED } from '../../platform/audit/audit.service.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import {
  AWS_SECRET,
  AZURE_SECRET,
  awsBody,
  awsCredentials,
  azureBody,
  azureCredentials,
  createStorage,
  localBody,
} from './storages.test-helpers.js';

describe('storages', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const rowOf = async (u: TestUser, id: string) => {
    const [row] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(storages).where(eq(storages.id, id)),
    );
    return row!;
  };

  it('creates each kind, answering the message and reading back without secrets', async () => {
    const u = await createTenantWithUser(t);
    const created = await api.call(u, storageEndpoints.create, { body: awsBody() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String), message: 'Storage was successfully created' });
    const azureId = await createStorage(t, u, azureBody());
    const localId = await createStorage(t, u, localBody());

    const aws = await api.call(u, storageEndpoints.get, { params: { id: created.json().id } });
    expect(aws.json()).toMatchObject({
      name: 'aws-main',
      type: 'AwsS3',
      isSharedStorage: false,
      credentials: { region: 'eu-west-1', bucketName: 'acme-backups', accessKeyId: 'AKIAIOSFODNN7EXAMPLE' },
    });
    expect(aws.json().credentials).not.toHaveProperty('secretAccessKey');
    expect((await api.call(u, storageEndpoints.get, { params: { id: azureId } })).json()).toMatchObject({
      type: 'AzureBlob',
      credentials: { accountName: 'acmestorage', containerName: 'backups' },
    });
    expect((await api.call(u, storageEndpoints.get, { params: { id: localId } })).json()).toMatchObject({
      type: 'Local',
      credentials: {},
    });

    const list = await api.call(u, storageEndpoints.list);
    expect(list.json().count).toBe(3);
    for (const body of [aws.body, list.body]) {
      expect(body).not.toContain(AWS_SECRET);
      expect(body).not.toContain(AZURE_SECRET);
    }
  });

  it('keeps the credentials sealed for the tenant, and audits without secrets', async () => {
    const u = await createTenantWithUser(t);
    const id = await createStorage(t, u, awsBody());
    const row = await rowOf(u, id);
    expect(row.credentials).not.toContain(AWS_SECRET);
    expect(row.credentials).not.toContain(awsCredentials.bucketName);
    const { secrets } = t.app.services;
    expect(JSON.parse(secrets.open(sealedAt.storageCredentials(u.tenantId, id), row.credentials!))).toEqual(
      awsCredentials,
    );
    // Bound to this tenant and row: another tenant's id or another storage's does not open it.
    expect(() => secrets.open(sealedAt.storageCredentials(randomUUID(), id), row.credentials!)).toThrow();
    expect(() =>
      secrets.open(sealedAt.storageCredentials(u.tenantId, randomUUID()), row.credentials!),
    ).toThrow();

    const events = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, id)).orderBy(auditEvents.seq),
    );
    // The create, and the health its test found (the cloud is out of these tests' reach).
    expect(events.map((e) => e.action)).toEqual(['create', 'health-changed']);
    expect(events[0]).toMatchObject({
      action: 'create',
      targetType: 'storage',
      actorId: u.userId,
      changes: {
        name: { after: 'aws-main' },
        region: { after: 'eu-west-1' },
        secretAccessKey: { after: REDACTED },
      },
    });
    expect(JSON.stringify(events)).not.toContain(AWS_SECRET);
  });

  it('edits: an empty secret keeps the stored one, a new one replaces it', async () => {
    const u = await createTenantWithUser(t);
    const id = await createStorage(t, u, awsBody());
    const kept = await api.call(u, storageEndpoints.update, {
      params: { id },
      body: {
        name: 'aws-renamed',
        type: 'AwsS3',
        credentials: { ...awsCredentials, region: 'us-east-1', secretAccessKey: '' },
        acceptFailedTest: true,
      },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'aws-renamed', credentials: { region: 'us-east-1' } });
    expect(kept.body).not.toContain(AWS_SECRET);
    const open = async () =>
      JSON.parse(
        t.app.services.secrets.open(
          sealedAt.storageCredentials(u.tenantId, id),
          (await rowOf(u, id)).credentials!,
        ),
      );
    expect(await open()).toEqual({ ...awsCredentials, region: 'us-east-1' });

    const newSecret = 'another-secret-key-0123456789';
    await api.call(u, storageEndpoints.update, {
      params: { id },
      body: {
        ...awsBody('aws-renamed'),
        credentials: { ...awsCredentials, secretAccessKey: newSecret },
        acceptFailedTest: true,
      },
    });
    expect((await open()).secretAccessKey).toBe(newSecret);

    const events = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'update')).orderBy(auditEvents.seq),
    );
    expect(events.map((e) => e.changes)).toEqual([
      {
        name: { before: 'aws-main', after: 'aws-renamed' },
        region: { before: 'eu-west-1', after: 'us-east-1' },
      },
      {
        region: { before: 'us-east-1', after: 'eu-west-1' },
        secretAccessKey: { before: REDACTED, after: REDACTED },
      },
    ]);
  });

  it('changes only what a PATCH names: the name alone, or the credentials alone', async () => {
    const u = await createTenantWithUser(t);
    const id = await createStorage(t, u, awsBody('patched'));
    const renamed = await api.call(u, storageEndpoints.update, {
      params: { id },
      body: { name: 'patched-again' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'patched-again',
      type: 'AwsS3',
      credentials: { region: awsCredentials.region, bucketName: awsCredentials.bucketName },
    });
    const open = async () =>
      JSON.parse(
        t.app.services.secrets.open(
          sealedAt.storageCredentials(u.tenantId, id),
          (await rowOf(u, id)).credentials!,
        ),
      );
    expect(await open()).toEqual(awsCredentials);

    const moved = await api.call(u, storageEndpoints.update, {
      params: { id },
      body: {
        type: 'AwsS3',
        credentials: { ...awsCredentials, region: 'us-east-2', secretAccessKey: '' },
        acceptFailedTest: true,
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'patched-again', credentials: { region: 'us-east-2' } });
    expect(await open()).toEqual({ ...awsCredentials, region: 'us-east-2' });

    // Credentials go with their kind; a bad name alone is still refused with its message.
    expect(
      (await api.call(u, storageEndpoints.update, { params: { id }, body: { credentials: awsCredentials } }))
        .statusCode,
    ).toBe(400);
    const short = await api.call(u, storageEndpoints.update, { params: { id }, body: { name: 'ab' } });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().fields)).toEqual(['name']);
  });

  it('changes the type only with the new kind’s secret', async () => {
    const u = await createTenantWithUser(t);
    const id = await createStorage(t, u, awsBody('moving'));
    const missing = await api.call(u, storageEndpoints.update, {
      params: { id },
      body: {
        name: 'moving',
        type: 'AzureBlob',
        credentials: { ...azureCredentials, accountKey: '' },
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ 'credentials.accountKey': 'Account key is required' });

    const moved = await api.call(u, storageEndpoints.update, { params: { id }, body: azureBody('moving') });
    expect(moved.json().type).toBe('AzureBlob');
    expect(moved.json().credentials).toEqual({
      accountName: 'acmestorage',
      containerName: 'backups',
      authentication: 'accountKey',
    });
    const toLocal = await api.call(u, storageEndpoints.update, { params: { id }, body: localBody('moving') });
    expect(toLocal.json()).toMatchObject({ type: 'Local', credentials: {} });
    const sealed = (await rowOf(u, id)).credentials!;
    expect(
      JSON.parse(t.app.services.secrets.open(sealedAt.storageCredentials(u.tenantId, id), sealed)),
    ).toEqual({});
  });

  it('refuses a name already taken, in any letter case, on create and edit', async () => {
    const u = await createTenantWithUser(t);
    await createStorage(t, u, localBody('Primary'));
    const other = await createStorage(t, u, localBody('Secondary'));
    const dup = await api.call(u, storageEndpoints.create, { body: awsBody('primary') });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: 'A storage with this name already exists' });
    const renamed = await api.call(u, storageEndpoints.update, {
      params: { id: other },
      body: localBody('PRIMARY'),
    });
    expect(renamed.statusCode).toBe(409);
    // Keeping its own name is no conflict; another tenant may use the same name.
    expect(
      (await api.call(u, storageEndpoints.update, { params: { id: other }, body: localBody('secondary') }))
        .statusCode,
    ).toBe(200);
    const stranger = await createTenantWithUser(t);
    expect(
      (await api.call(stranger, storageEndpoints.create, { body: localBody('Primary') })).statusCode,
    ).toBe(201);
  });

  it('deletes, with an audit event, and then answers 404', async () => {
    const u = await createTenantWithUser(t);
    const id = await createStorage(t, u, azureBody());
    expect((await api.call(u, storageEndpoints.remove, { params: { id } })).statusCode).toBe(204);
    expect((await api.call(u, storageEndpoints.get, { params: { id } })).statusCode).toBe(404);
    expect((await api.call(u, storageEndpoints.remove, { params: { id } })).statusCode).toBe(404);
    const [event] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'delete')),
    );
    expect(event).toMatchObject({ targetId: id, changes: { name: { before: 'azure-main' } } });
    expect(JSON.stringify(event)).not.toContain(AZURE_SECRET);
  });

  it('refuses to delete a storage that a connection uses, with a clear 409', async () => {
    const u = await createTenantWithUser(t);
    const id = await createStorage(t, u, localBody('in-use'));
    await t.database.tenant(u.tenantId, (tx) =>
      tx
        .insert(connections)
        .values({ tenantId: u.tenantId, name: 'prod', organizationType: 'Production', storageId: id }),
    );
    const res = await api.call(u, storageEndpoints.remove, { params: { id } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This storage is used by a connection. Delete the connection first.',
    });
    expect((await api.call(u, storageEndpoints.get, { params: { id } })).statusCode).toBe(200);
    const deletes = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'delete')),
    );
    expect(deletes).toHaveLength(0);
  });

  describe('list', () => {
    let u: TestUser;
    const names = [
      'alpha-aws',
      'alpha-blob',
      'alpha-local',
      'beta-aws',
      'beta_blob',
      'gamma-local',
      'delta-aws',
      'epsilon-1',
      'zeta-2',
      'eta-3',
      'theta-4',
      'iota-5',
    ];
    const bodyFor = (name: string) =>
      name.includes('aws') ? awsBody(name) : name.includes('blob') ? azureBody(name) : localBody(name);

    beforeAll(async () => {
      u = await createTenantWithUser(t);
      for (const name of names) await createStorage(t, u, bodyFor(name));
      // Another tenant's storages never show.
      await createStorage(t, await createTenantWithUser(t), localBody('alpha-elsewhere'));
    });

    const list = async (query: string) => (await api.send(u, 'GET', `/api/v1/storages?${query}`)).json();
    const namesOf = (body: { rows: { name: string }[] }) => body.rows.map((row) => row.name);

    it('pages by 10 by default, newest first, with the total count', async () => {
      const first = await list('');
      expect(first.count).toBe(12);
      expect(namesOf(first)).toEqual([...names].reverse().slice(0, 10));
      const second = await list('limit=10&offset=10');
      expect(namesOf(second)).toEqual(['alpha-blob', 'alpha-aws']);
      expect(namesOf(await list('limit=3&offset=1'))).toEqual(['theta-4', 'eta-3', 'zeta-2']);
    });

    it('searches names in any letter case, taking % and _ literally', async () => {
      const found = await list('search=ALPHA');
      expect(found.count).toBe(3);
      expect(namesOf(found)).toEqual(['alpha-local', 'alpha-blob', 'alpha-aws']);
      expect(namesOf(await list('search=a_b'))).toEqual(['beta_blob']);
      expect((await list('search=%25')).count).toBe(0);
      expect((await list('search=%20%20')).count).toBe(12);
    });

    it('filters by type, together with the search and paging', async () => {
      expect(namesOf(await list('type=AwsS3'))).toEqual(['delta-aws', 'beta-aws', 'alpha-aws']);
      expect(namesOf(await list('type=AzureBlob&search=alpha'))).toEqual(['alpha-blob']);
      const local = await list('type=Local&limit=2');
      expect(local.count).toBe(7);
      expect(local.rows).toHaveLength(2);
    });

    it('rejects an unknown type and a bad page', async () => {
      for (const query of ['type=Ftp', 'limit=0', 'limit=1000', 'offset=-1']) {
        expect((await api.send(u, 'GET', `/api/v1/storages?${query}`)).statusCode).toBe(400);
      }
    });
  });

  describe('access', () => {
    const endpoints = (id: string) =>
      [
        ['GET', '/api/v1/storages', undefined],
        ['GET', `/api/v1/storages/${id}`, undefined],
        ['POST', '/api/v1/storages', localBody('someone-else')],
        ['PATCH', `/api/v1/storages/${id}`, localBody('someone-else')],
        ['DELETE', `/api/v1/storages/${id}`, undefined],
      ] as const;

    it('answers 404 for another tenant’s storage, which stays as it was', async () => {
      const owner = await createTenantWithUser(t);
      const id = await createStorage(t, owner, awsBody('owned'));
      const other = await createTenantWithUser(t);
      await expectEachAnswers(
        api,
        other,
        endpoints(id).filter(([, url]) => url.endsWith(id)),
        404,
      );
      expect((await api.call(owner, storageEndpoints.get, { params: { id } })).json().name).toBe('owned');
    });

    it('answers 401 without a session, 403 to a non-administrator', async () => {
      const admin = await createTenantWithUser(t);
      const id = await createStorage(t, admin, localBody('guarded'));
      const member = await createTenantWithUser(t, { isAdmin: false });
      await expectAdministratorsOnly(api, member, endpoints(id));
    });

    it('answers 403 SERVICE_NOT_ENABLED to a tenant without Backup and Archive', async () => {
      const devOpsOnly = await createTenantWithUser(t, { services: ['devOps'] });
      await expectEachAnswers(api, devOpsOnly, endpoints(randomUUID()), 403, { code: 'SERVICE_NOT_ENABLED' });
    });
  });
});
