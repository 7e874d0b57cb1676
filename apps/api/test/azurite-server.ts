import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  BlobServiceClient,
  ContainerSASPermissions,
  generateBlobSASQueryParameters,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { restartablePort } from './ports.js';

/**
 * Azurite's Blob service as a child process on 127.0.0.1, for storage tests: the official Azure SDK talks
 * to it as to Azure, with the account in the URL's first path segment (--disableProductStyleUrl). Its
 * data is in memory, so start() after stop() creates the containers again (a test stops the server to
 * see a storage turn Unreachable and starts it to see it recover, on the same port).
 *
 *   const azure = await startAzurite({ containers: ['backups'] });
 *   … credentials: { accountName: azure.accountName, containerName: 'backups', accountKey: azure.accountKey } …
 *   … the probe's azureBlobEndpoint: azure.blobEndpointTemplate …
 *   await azure.stop();
 */

/** Azurite's one account and its key, the same on every machine (Microsoft publishes them). */
export const AZURITE_ACCOUNT_NAME = 'devstoreaccount1';
export const AZURITE_ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface AzuriteOptions {
  /** Containers that exist from the start (and again after each start()). */
  containers?: string[];
}

export interface SasOptions {
  /** Defaults to the first of the containers given to startAzurite. */
  container?: string;
  /** Defaults to an hour from now; a past date gives an expired token. */
  expiresOn?: Date;
}

export interface TestAzurite {
  /** http://127.0.0.1:PORT/{account}: the probe's azureBlobEndpoint. */
  blobEndpointTemplate: string;
  port: number;
  accountName: string;
  accountKey: string;
  /** A container SAS token (without a leading '?') with these permissions, e.g. 'rwdl' or 'rl'. */
  sas(permissions: string, options?: SasOptions): string;
  /** Kills the process; the port is free until start(). */
  stop(): Promise<void>;
  /** Runs Azurite again on the same port and creates the containers again. */
  start(): Promise<void>;
}

const AZURITE_BLOB = fileURLToPath(new URL('../../../node_modules/.bin/azurite-blob', import.meta.url));
const READY_TIMEOUT_MS = 20_000;

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startAzurite(options: AzuriteOptions = {}): Promise<TestAzurite> {
  // Azurite needs a port by number (it cannot report what it picked), kept across stop() and start().
  const port = await restartablePort();
  const containers = options.containers ?? [];
  const endpoint = `http://127.0.0.1:${port}/${AZURITE_ACCOUNT_NAME}`;
  const credential = new StorageSharedKeyCredential(AZURITE_ACCOUNT_NAME, AZURITE_ACCOUNT_KEY);
  let child: ChildProcess | null = null;

  const start = async () => {
    if (child) return;
    const started = spawn(
      AZURITE_BLOB,
      [
        '--blobHost',
        '127.0.0.1',
        '--blobPort',
        String(port),
        '--inMemoryPersistence',
        '--silent',
        '--loose',
        '--skipApiVersionCheck',
        '--disableProductStyleUrl',
        '--disableTelemetry',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = started;
    let failure = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      failure += chunk.toString();
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await answers(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        started.kill('SIGKILL');
        child = null;
        throw new Error(`Azurite did not start on port ${port}: ${failure.trim() || 'no answer'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const service = new BlobServiceClient(endpoint, credential);
    for (const name of containers) await service.getContainerClient(name).createIfNotExists();
  };

  const stop = async () => {
    const running = child;
    if (!running) return;
    child = null;
    if (running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };

  await start();
  return {
    blobEndpointTemplate: `http://127.0.0.1:${port}/{account}`,
    port,
    accountName: AZURITE_ACCOUNT_NAME,
    accountKey: AZURITE_ACCOUNT_KEY,
    sas: (permissions, sasOptions = {}) => {
      const containerName = sasOptions.container ?? containers[0];
      if (!containerName) throw new Error('sas() needs a container: pass one, or start Azurite with one.');
      return generateBlobSASQueryParameters(
        {
          containerName,
          permissions: ContainerSASPermissions.parse(permissions),
          startsOn: new Date(Date.now() - 5 * 60_000),
          expiresOn: sasOptions.expiresOn ?? new Date(Date.now() + 60 * 60_000),
        },
        credential,
      ).toString();
    },
    stop,
    start,
  };
}
