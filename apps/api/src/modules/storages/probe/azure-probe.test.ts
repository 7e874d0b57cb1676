import { createServer, type Socket } from 'node:net';
import type { AzureBlobCredentials } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { startAzurite } from '../../../../test/azurite-server.js';
import { resolvesToLocalhost, testProbe, usePeer } from './probe.test-helpers.js';

/** The probe against Azurite, Microsoft's local server speaking Azure Blob to the official SDK. */

const peer = usePeer(
  () => startAzurite({ containers: ['backups'] }),
  (azure) => azure.stop(),
);
const probe = (allowPrivateNetworks = true) =>
  testProbe({ allowPrivateNetworks, azureBlobEndpoint: peer().blobEndpointTemplate });
const withKey = (changes: Partial<AzureBlobCredentials> = {}): AzureBlobCredentials => ({
  accountName: peer().accountName,
  containerName: 'backups',
  authentication: 'accountKey',
  accountKey: peer().accountKey,
  ...changes,
});
const withSas = (permissions: string): AzureBlobCredentials => ({
  accountName: peer().accountName,
  containerName: 'backups',
  authentication: 'sasToken',
  // As the portal shows it, with its '?'.
  sasToken: `?${peer().sas(permissions)}`,
});
const test = (credentials: AzureBlobCredentials, allowPrivateNetworks = true) =>
  probe(allowPrivateNetworks).test({ type: 'AzureBlob', credentials });

describe('storage probe against Azure Blob', () => {
  it('passes a container with the account key, with every step, and reads its settings', async () => {
    const result = await test(withKey());
    expect(result).toMatchObject({
      ok: true,
      problem: null,
      steps: [
        { step: 'write', ok: true },
        { step: 'read', ok: true },
        { step: 'list', ok: true },
        { step: 'delete', ok: true },
      ],
      properties: {
        versioning: 'Disabled',
        immutability: 'Disabled',
        encryption: 'Azure Storage encryption',
      },
    });
  });

  it('passes with a SAS that allows all four, immutability then unknown', async () => {
    const result = await test(withSas('rwdl'));
    expect(result.ok).toBe(true);
    // A container SAS may not read the container's properties.
    expect(result.properties).toEqual({
      versioning: 'Disabled',
      immutability: 'Unknown',
      encryption: 'Azure Storage encryption',
    });
  });

  it('refuses a wrong account key at its field', async () => {
    const wrongKey = Buffer.from('not the key of this account, but base64 all the same').toString('base64');
    const result = await test(withKey({ accountKey: wrongKey }));
    expect(result.steps).toEqual([{ step: 'write', ok: false }]);
    expect(result.problem).toMatchObject({
      kind: 'InvalidCredentials',
      field: 'credentials.accountKey',
      permission: null,
    });
  });

  it('refuses a SAS signed with another key at its field', async () => {
    const forged = withSas('rwdl');
    forged.sasToken = forged.sasToken?.replace(
      /sig=[^&]+/,
      'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D',
    );
    const result = await test(forged);
    expect(result.problem).toMatchObject({ kind: 'InvalidCredentials', field: 'credentials.sasToken' });
  });

  it('says a missing container is missing', async () => {
    const result = await test(withKey({ containerName: 'no-such-container' }));
    expect(result.problem).toMatchObject({ kind: 'ContainerNotFound', field: 'credentials.containerName' });
  });

  it('names write when the SAS may only read and list', async () => {
    const result = await test(withSas('rl'));
    expect(result.steps).toEqual([{ step: 'write', ok: false }]);
    expect(result.problem).toMatchObject({
      kind: 'AccessDenied',
      permission: 'write',
      field: 'credentials.sasToken',
    });
    expect(result.problem?.message).toContain('Write (w) and Create (c)');
  });

  it('names delete when the SAS may not delete', async () => {
    const result = await test(withSas('rwl'));
    expect(result.steps).toEqual([
      { step: 'write', ok: true },
      { step: 'read', ok: true },
      { step: 'list', ok: true },
      { step: 'delete', ok: false },
    ]);
    expect(result.problem).toMatchObject({ kind: 'AccessDenied', permission: 'delete' });
  });

  it('takes an account that does not exist, or cannot, as unreachable at the account name', async () => {
    // Azure's DNS knows no such account; Azurite answers 404 for it.
    const unknown = await test(withKey({ accountName: 'nosuchaccount' }));
    expect(unknown.problem).toMatchObject({ kind: 'Unreachable', field: 'credentials.accountName' });
    // Not an account name at all (it would change the endpoint's host): nothing is sent.
    const hostile = await test(withKey({ accountName: 'evil.example/x' }));
    expect(hostile.problem).toMatchObject({ kind: 'Unreachable', field: 'credentials.accountName' });
  });

  it('is Unreachable when the server accepts but does not answer in time', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const result = await testProbe({
        timeoutMs: 500,
        azureBlobEndpoint: `http://127.0.0.1:${port}/{account}`,
      }).test({ type: 'AzureBlob', credentials: withKey() });
      expect(result.problem).toMatchObject({ kind: 'Unreachable' });
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('refuses the local endpoint unless private networks are allowed', async () => {
    const result = await test(withKey(), false);
    expect(result.problem).toMatchObject({ kind: 'EndpointNotAllowed' });
  });

  it('connects through the outbound guard, which refuses a name that resolves to a private address', async () => {
    const named = (allowPrivateNetworks: boolean) =>
      testProbe({
        allowPrivateNetworks,
        azureBlobEndpoint: `http://blob.azure.test:${peer().port}/{account}`,
        resolve: resolvesToLocalhost,
      }).test({ type: 'AzureBlob', credentials: withKey() });
    expect((await named(true)).ok).toBe(true);
    expect((await named(false)).problem).toMatchObject({ kind: 'EndpointNotAllowed' });
  });

  it('is Unreachable while the server is down, and passes again once it is back', async () => {
    await peer().stop();
    try {
      const down = await test(withKey());
      expect(down.problem).toMatchObject({ kind: 'Unreachable', field: 'credentials.accountName' });
    } finally {
      await peer().start();
    }
    expect((await test(withKey())).ok).toBe(true);
  });
});
