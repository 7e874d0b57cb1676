import { afterAll, beforeAll } from 'vitest';
import { createStorageProbe } from './index.js';

/**
 * A local peer (s3rver, Azurite) started once for a test file and stopped after it. The returned
 * function gives the running peer inside tests.
 */
export function usePeer<T>(start: () => Promise<T>, stop: (peer: T) => Promise<void>): () => T {
  let peer: T | undefined;
  beforeAll(async () => {
    peer = await start();
  });
  afterAll(async () => {
    if (peer !== undefined) await stop(peer);
  });
  return () => {
    if (peer === undefined) throw new Error('The peer has not started');
    return peer;
  };
}

type ProbeOptions = Parameters<typeof createStorageProbe>[0];

/** A probe as the API makes one, with private addresses allowed unless a test says otherwise. */
export const testProbe = (options: Partial<ProbeOptions> = {}) =>
  createStorageProbe({
    timeoutMs: 8000,
    allowPrivateNetworks: true,
    azureBlobEndpoint: 'https://{account}.blob.core.windows.net',
    ...options,
  });

/**
 * A resolver that knows every name as 127.0.0.1: a connection to a made-up name that reaches the local
 * peer can only have used the outbound guard's lookup, which is given this resolver.
 */
export const resolvesToLocalhost = ((
  _name: string,
  _options: unknown,
  callback: (...args: unknown[]) => void,
) => callback(null, [{ address: '127.0.0.1', family: 4 }])) as never;
