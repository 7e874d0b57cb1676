import type { Agent } from 'node:http';
import {
  AnonymousCredential,
  ContainerClient,
  newPipeline,
  type RequestPolicy,
  type RequestPolicyFactory,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import type { AzureBlobCredentials, StorageProperties } from '@skyvault/contract';
import { checkUrlHost, guardedAgents } from '../../../platform/outbound/outbound.js';
import { classifyAzureError } from './classify.js';
import { deadline, type StorageSession } from './session.js';
import type { StorageProbeOptions } from './types.js';

/** Azure's rule for account names; anything else could change the endpoint's host, not just name an account. */
const ACCOUNT_NAME = /^[a-z0-9]{3,24}$/;

/** Azure encrypts every blob at rest (Azure Storage encryption); a container may name its scope. */
const AZURE_ENCRYPTION = 'Azure Storage encryption';

/**
 * Gives every request the guarded agent. The blob SDK takes no agent of its own, but its requests
 * carry one to the HTTP client (core-rest-pipeline's `agent`), which an added policy may set.
 */
function agentPolicy(agents: { http: Agent; https: Agent }): RequestPolicyFactory {
  return {
    create: (next: RequestPolicy): RequestPolicy => ({
      sendRequest: (request) => {
        request.agent = request.url.startsWith('https:') ? agents.https : agents.http;
        return next.sendRequest(request);
      },
    }),
  };
}

/** A resolver's own answer for a name that is no account, so that it reads as one (Unreachable). */
const noSuchAccount = () =>
  Object.assign(new Error('Not an Azure storage account name.'), { code: 'ENOTFOUND' });

export function openAzureSession(
  credentials: AzureBlobCredentials,
  options: StorageProbeOptions,
): StorageSession {
  if (!ACCOUNT_NAME.test(credentials.accountName)) throw noSuchAccount();
  // The portal shows a SAS with its leading '?', the SDKs without: take either.
  const sas =
    credentials.authentication === 'sasToken' ? (credentials.sasToken ?? '').replace(/^\?/, '') : null;
  const base = options.azureBlobEndpoint.replace('{account}', credentials.accountName).replace(/\/+$/, '');
  const url = `${base}/${encodeURIComponent(credentials.containerName)}${sas ? `?${sas}` : ''}`;
  // An address written as an IP never reaches the guarded lookup: judge it before connecting.
  checkUrlHost(new URL(url), options);
  const agents = guardedAgents(options);
  const pipeline = newPipeline(
    sas !== null
      ? new AnonymousCredential()
      : new StorageSharedKeyCredential(credentials.accountName, credentials.accountKey ?? ''),
    // One try: a test must answer within its time, and a check runs again within the hour.
    { retryOptions: { maxTries: 1, tryTimeoutInMs: options.timeoutMs } },
  );
  pipeline.factories.push(agentPolicy(agents));
  const container = new ContainerClient(url, pipeline);
  const signal = () => ({ abortSignal: deadline(options.timeoutMs) });
  /** What the upload taught: a version ID means blob versioning is on for the account. */
  let written: { versionId?: string; encryptionScope?: string } = {};

  return {
    async write(key, body) {
      const answer = await container.getBlockBlobClient(key).upload(body, Buffer.byteLength(body), {
        ...signal(),
        blobHTTPHeaders: { blobContentType: 'text/plain; charset=utf-8' },
      });
      written = { versionId: answer.versionId, encryptionScope: answer.encryptionScope };
    },
    async read(key) {
      return (await container.getBlobClient(key).downloadToBuffer(0, undefined, signal())).toString('utf-8');
    },
    async list(prefix) {
      const page = await container
        .listBlobsFlat({ prefix, ...signal() })
        .byPage({ maxPageSize: 10 })
        .next();
      return page.done ? [] : page.value.segment.blobItems.map((blob) => blob.name);
    },
    async remove(key) {
      await container.getBlobClient(key).delete(signal());
    },
    async cleanUp(key) {
      // With versioning on, a delete keeps the blob as a previous version: remove it too when the
      // credentials may (the SAS's 'x' permission); an immutability policy keeps it anyway.
      if (!written.versionId) return;
      await container
        .getBlobClient(key)
        .withVersion(written.versionId)
        .delete(signal())
        .catch(() => undefined);
    },
    async properties(): Promise<StorageProperties> {
      // A container SAS may not read the container's properties: immutability is then unknown.
      const found = await container.getProperties(signal()).catch(() => null);
      const scope = found?.defaultEncryptionScope ?? written.encryptionScope;
      return {
        versioning: written.versionId ? 'Enabled' : 'Disabled',
        immutability: found
          ? found.hasImmutabilityPolicy || found.hasLegalHold || found.isImmutableStorageWithVersioningEnabled
            ? 'Enabled'
            : 'Disabled'
          : 'Unknown',
        encryption:
          scope && scope !== '$account-encryption-key'
            ? `${AZURE_ENCRYPTION} (scope ${scope})`
            : AZURE_ENCRYPTION,
      };
    },
    classify: (error, step, credentialsProven) => classifyAzureError(error, step, { credentialsProven }),
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
