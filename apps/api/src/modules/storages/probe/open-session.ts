import type { StorageSession } from './session.js';
import type { StorageProbeOptions, StorageProbeTarget } from './types.js';

/**
 * A session with a tenant's bucket or container. The AWS and Azure SDKs are loaded on the first
 * session that needs them, not at start, so that a server without such storages never holds them
 * (a few MB of a server's resident memory at rest, as measured on the embedded database). Throws,
 * as the SDKs' constructors do, when the address is refused or the name cannot be an account.
 */
export async function openStorageSession(
  target: StorageProbeTarget,
  options: StorageProbeOptions,
): Promise<StorageSession> {
  if (target.type === 'AwsS3') {
    const { openS3Session } = await import('./s3-session.js');
    return openS3Session(target.credentials, options);
  }
  const { openAzureSession } = await import('./azure-session.js');
  return openAzureSession(target.credentials, options);
}
