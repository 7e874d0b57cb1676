import type { StorageSession } from './session.js';
import type { StorageProbeOptions, StorageProbeTarget } from './types.js';

/**
 * A session with a tenant's bucket or container. The AWS and Azure SDKs are loaded on the first
 * session that needs them, not at start: together they hold some 40 MB of a server's memory, which a
 * deployment without such storages (and the embedded database's small servers) never needs. Throws,
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
