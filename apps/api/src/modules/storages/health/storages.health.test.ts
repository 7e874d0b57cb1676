import { storageEndpoints, storageHealthEndpoints, webhookEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdministratorsOnly, expectEachAnswers } from '../../../../test/answers.js';
import { apiCaller } from '../../../../test/api-caller.js';
import {
  createTenantWithUser,
  createTestApp,
  outbox,
  outboxSettled,
  type TestUser,
  useTestApp,
} from '../../../../test/app.js';
import { auditEvents, webhookDeliveries } from '../../../db/schema/index.js';
import { sealedAt } from '../../../platform/secrets/sealed-at.js';
import {
  azureKeyCredentials,
  azureSasCredentials,
  checksOf,
  createStorage,
  createStorageTestApp,
  s3Body,
  s3Credentials,
  storedStorage,
} from './storage-health.test-helpers.js';

const HOUR = 3_600_000;

describe('storage tests and health, against local S3 and Azure servers', () => {
  const t = useTestApp(() => createStorageTestApp());
  const api = apiCaller(t);
  const mailsTo = (email: string) => outbox(t).filter((m) => m.to === email);
  const test = (u: TestUser, body: object) =>
    api.call(u, storageEndpoints.test, { body: body as never }).then((res) => res.json());

  it('tests S3 credentials before they are saved, naming the field of each failure', async () => {
    const u = await createTenantWithUser(t);
    const good = await test(u, { type: 'AwsS3', credentials: s3Credentials(t) });
    expect(good).toMatchObject({
      ok: true,
      problem: null,
      steps: [
        { step: 'write', ok: true },
        { step: 'read', ok: true },
        { step: 'list', ok: true },
        { step: 'delete', ok: true },
      ],
    });
    expect(
      await test(u, {
        type: 'AwsS3',
        credentials: s3Credentials(t, { accessKeyId: 'AKIAUNKNOWNKEY000001' }),
      }),
    ).toMatchObject({ ok: false, problem: { kind: 'InvalidCredentials', field: 'credentials.accessKeyId' } });
    expect(
      await test(u, { type: 'AwsS3', credentials: s3Credentials(t, { bucketName: 'no-such-bucket' }) }),
    ).toMatchObject({ ok: false, problem: { kind: 'BucketNotFound', field: 'credentials.bucketName' } });
  });

  it('tests Azure credentials: a wrong key, a missing container, a SAS token without write or delete', async () => {
    const u = await createTenantWithUser(t);
    expect(await test(u, { type: 'AzureBlob', credentials: azureKeyCredentials(t) })).toMatchObject({
      ok: true,
    });
    const wrongKey = Buffer.alloc(64, 1).toString('base64');
    expect(
      await test(u, { type: 'AzureBlob', credentials: azureKeyCredentials(t, { accountKey: wrongKey }) }),
    ).toMatchObject({ ok: false, problem: { kind: 'InvalidCredentials', field: 'credentials.accountKey' } });
    expect(
      await test(u, { type: 'AzureBlob', credentials: azureKeyCredentials(t, { containerName: 'missing' }) }),
    ).toMatchObject({
      ok: false,
      problem: { kind: 'ContainerNotFound', field: 'credentials.containerName' },
    });
    expect(await test(u, { type: 'AzureBlob', credentials: azureSasCredentials(t, 'rl') })).toMatchObject({
      ok: false,
      problem: { kind: 'AccessDenied', permission: 'write', field: 'credentials.sasToken' },
    });
    expect(await test(u, { type: 'AzureBlob', credentials: azureSasCredentials(t, 'rwcl') })).toMatchObject({
      ok: false,
      problem: { kind: 'AccessDenied', permission: 'delete' },
    });
    expect(await test(u, { type: 'AzureBlob', credentials: azureSasCredentials(t, 'rwcdl') })).toMatchObject({
      ok: true,
    });
    const expired = {
      ...azureSasCredentials(t, 'rwcdl'),
      sasToken: t.azure.sas('rwcdl', { expiresOn: new Date(Date.now() - 60_000) }),
    };
    expect(await test(u, { type: 'AzureBlob', credentials: expired })).toMatchObject({
      ok: false,
      problem: { kind: 'InvalidCredentials', field: 'credentials.sasToken' },
    });
  });

  it('saves a good storage as Healthy with what its bucket reports, and its first check', async () => {
    const u = await createTenantWithUser(t, { services: ['backup'] });
    const id = await createStorage(t, u, s3Body(t, 'good-s3'));
    const storage = (await api.call(u, storageEndpoints.get, { params: { id } })).json();
    expect(storage.health).toMatchObject({
      status: 'Healthy',
      problem: null,
      lastSuccessAt: expect.any(String),
      properties: { versioning: expect.any(String), immutability: expect.any(String) },
    });
    const checks = (await api.call(u, storageHealthEndpoints.checks, { params: { id } })).json();
    expect(checks.rows).toMatchObject([{ trigger: 'save', status: 'Healthy', problem: null }]);
    // A first check that passes is no news.
    await outboxSettled(t);
    expect(mailsTo(u.email)).toHaveLength(0);
  });

  it('refuses to save a failing storage until the administrator confirms, then keeps it unhealthy', async () => {
    const u = await createTenantWithUser(t);
    const body = s3Body(t, 'missing-bucket', { bucketName: 'not-created-yet' });
    const refused = await api.call(u, storageEndpoints.create, { body });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      statusCode: 422,
      code: 'STORAGE_TEST_FAILED',
      fields: { 'credentials.bucketName': expect.stringContaining('No bucket of this name') },
    });
    expect((await api.call(u, storageEndpoints.list)).json().count).toBe(0);

    const id = await createStorage(t, u, { ...body, acceptFailedTest: true });
    const stored = await storedStorage(t, id);
    expect(stored).toMatchObject({ healthStatus: 'Unhealthy', createdBy: u.userId });
    expect(stored.healthProblem).toMatchObject({ kind: 'BucketNotFound' });
    const banner = (await api.call(u, storageHealthEndpoints.unhealthy)).json();
    expect(banner).toEqual({ rows: [{ id, name: 'missing-bucket', problem: 'BucketNotFound' }], count: 1 });
    await outboxSettled(t);
    expect(mailsTo(u.email).map((m) => m.subject)).toEqual(['Storage "missing-bucket" needs attention']);
  });

  it('turns Unreachable when the server stops and Healthy when it is back: one e-mail per change', async () => {
    const u = await createTenantWithUser(t);
    // An endpoint that subscribes to the event; nothing listens there, and none of this waits for it.
    const hook = await api.call(u, webhookEndpoints.create, {
      body: { url: 'http://127.0.0.1:9/storage-events', events: ['storage.unhealthy'] },
    });
    expect(hook.statusCode).toBe(201);
    const id = await createStorage(t, u, s3Body(t, 'outage-s3'));
    const hourly = async () => {
      t.advance(HOUR + 60_000);
      await t.app.services.storageHealth.runDue();
      await outboxSettled(t);
    };
    try {
      await t.s3.stop();
      await hourly();
      expect(await storedStorage(t, id)).toMatchObject({ healthStatus: 'Unhealthy' });
      expect((await storedStorage(t, id)).healthProblem).toMatchObject({ kind: 'Unreachable' });
      // Still down an hour later: no second e-mail.
      await hourly();
      expect(mailsTo(u.email).map((m) => m.subject)).toEqual(['Storage "outage-s3" needs attention']);
    } finally {
      await t.s3.start();
    }
    await hourly();
    // Should this fail, its message names every check so far: whether one ran after the restart, and
    // what it met.
    const checks = (await checksOf(t, id)).map(
      ({ checkedAt, trigger, status, problem, message, durationMs }) => ({
        checkedAt,
        trigger,
        status,
        problem,
        message,
        durationMs,
      }),
    );
    expect(await storedStorage(t, id), JSON.stringify(checks)).toMatchObject({
      healthStatus: 'Healthy',
      healthProblem: null,
    });
    expect(mailsTo(u.email).map((m) => m.subject)).toEqual([
      'Storage "outage-s3" needs attention',
      'Storage "outage-s3" works again',
    ]);
    const webhooks = await t.database.system((tx) =>
      tx
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.tenantId, u.tenantId),
            eq(webhookDeliveries.eventType, 'storage.unhealthy'),
          ),
        ),
    );
    expect(webhooks.map((w) => w.payload.data)).toEqual([
      {
        storage: { id, name: 'outage-s3', type: 'AwsS3' },
        problem: expect.objectContaining({ kind: 'Unreachable', permission: null }),
      },
    ]);
    const changes = await t.database.system((tx) =>
      tx
        .select({ changes: auditEvents.changes })
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, id), eq(auditEvents.action, 'health-changed'))),
    );
    expect(changes.map((c) => c.changes?.status?.after)).toEqual(['Healthy', 'Unhealthy', 'Healthy']);
    expect((await checksOf(t, id)).map((c) => c.trigger).sort()).toEqual([
      'save',
      'schedule',
      'schedule',
      'schedule',
    ]);
  });

  it('Check now tests at once; the page lists the checks, newest first', async () => {
    const u = await createTenantWithUser(t);
    const id = await createStorage(t, u, {
      name: 'azure-now',
      type: 'AzureBlob',
      credentials: azureKeyCredentials(t),
    });
    const checked = await api.call(u, storageEndpoints.check, { params: { id } });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().health.status).toBe('Healthy');
    const checks = (await api.call(u, storageHealthEndpoints.checks, { params: { id } })).json();
    expect(checks.rows.map((c: { trigger: string }) => c.trigger)).toEqual(['manual', 'save']);
  });

  it('tests new keys before they replace the old ones, and audits only that they changed', async () => {
    const u = await createTenantWithUser(t);
    const id = await createStorage(t, u, s3Body(t, 'rotating'));
    const before = await storedStorage(t, id);

    const wrong = await api.call(u, storageEndpoints.update, {
      params: { id },
      body: { type: 'AwsS3', credentials: s3Credentials(t, { accessKeyId: 'AKIAUNKNOWNKEY000002' }) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toHaveProperty(['credentials.accessKeyId']);
    // The old keys stay, untouched, and still work.
    expect((await storedStorage(t, id)).credentials).toBe(before.credentials);
    expect((await api.call(u, storageEndpoints.check, { params: { id } })).json().health.status).toBe(
      'Healthy',
    );

    const rotated = await api.call(u, storageEndpoints.update, {
      params: { id },
      body: {
        type: 'AwsS3',
        credentials: s3Credentials(t, { secretAccessKey: 'a-brand-new-secret-access-key-0123456789' }),
      },
    });
    expect(rotated.statusCode).toBe(200);
    const opened = JSON.parse(
      t.app.services.secrets.open(
        sealedAt.storageCredentials(u.tenantId, id),
        (await storedStorage(t, id)).credentials!,
      ),
    );
    expect(opened.secretAccessKey).toBe('a-brand-new-secret-access-key-0123456789');
    const [update] = await t.database.system((tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, id), eq(auditEvents.action, 'update'))),
    );
    const trail = JSON.stringify(update);
    expect(trail).toContain('secretAccessKey');
    expect(trail).not.toContain('a-brand-new-secret-access-key');
    expect(trail).not.toContain(s3Credentials(t).secretAccessKey);
  });

  it('checks each due storage in exactly one of two processes', async () => {
    const second = await createTestApp(
      {
        STORAGE_CUSTOM_ENDPOINTS: 'true',
        OUTBOUND_PRIVATE_NETWORKS: 'true',
        AZURE_BLOB_ENDPOINT: t.azure.blobEndpointTemplate,
      },
      { database: t.database, keepDatabase: true, clock: t.now },
    );
    try {
      const u = await createTenantWithUser(t);
      // One after another: s3rver's files on disk answer InternalError when two probes delete in one
      // folder at once (its own race, not S3's), and this test is about the checks, not the saves.
      const ids: string[] = [];
      for (const n of ['a', 'b', 'c', 'd']) ids.push(await createStorage(t, u, s3Body(t, `twice-${n}`)));
      t.advance(HOUR + 60_000);
      await Promise.all([t.app.services.storageHealth.runDue(), second.app.services.storageHealth.runDue()]);
      for (const id of ids) {
        expect((await checksOf(t, id)).filter((c) => c.trigger === 'schedule')).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it('refuses a custom endpoint where the operator has not enabled them', async () => {
    const closed = await createTestApp({ OUTBOUND_PRIVATE_NETWORKS: 'true' });
    try {
      const u = await createTenantWithUser(closed);
      const res = await apiCaller(closed).call(u, storageEndpoints.create, { body: s3Body(t, 'custom') });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        'credentials.endpoint':
          'This platform does not allow custom endpoints: leave Endpoint empty to use AWS.',
      });
      expect((await apiCaller(closed).call(u, storageHealthEndpoints.settings)).json()).toEqual({
        customEndpoints: false,
      });
    } finally {
      await closed.close();
    }
  });

  it('keeps storages to their tenant and to administrators', async () => {
    const owner = await createTenantWithUser(t);
    const stranger = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, { isAdmin: false });
    const id = await createStorage(t, owner, s3Body(t, 'private-s3'));
    await expectEachAnswers(
      api,
      stranger,
      [
        ['POST', `/api/v1/storages/${id}/check`, undefined],
        ['GET', `/api/v1/storages/${id}/checks`, undefined],
        [
          'POST',
          '/api/v1/storages/test',
          { storageId: id, type: 'AwsS3', credentials: s3Credentials(t, { secretAccessKey: '' }) },
        ],
      ],
      404,
      { code: 'NOT_FOUND' },
    );
    await expectAdministratorsOnly(api, member, [
      ['POST', `/api/v1/storages/${id}/check`, undefined],
      ['GET', `/api/v1/storages/${id}/checks`, undefined],
      ['GET', '/api/v1/storages/unhealthy', undefined],
      ['GET', '/api/v1/storages/settings', undefined],
      ['POST', '/api/v1/storages/test', { type: 'AwsS3', credentials: s3Credentials(t) }],
    ]);
    expect(await checksOf(t, id)).toHaveLength(1);
  });
});
