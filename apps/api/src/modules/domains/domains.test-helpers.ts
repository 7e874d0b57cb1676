import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/app.js';
import { mfaDevices, verifiedDomainProviders, verifiedDomains } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { newTotpSecret } from '../mfa/totp.js';

/**
 * A domain the tenant has verified, as DNS verification leaves it, with its sign-in settings: the
 * providers its addresses go to (in order), enforcement and the API token switch. Answers its id.
 */
export async function insertVerifiedDomain(
  t: TestApp,
  tenantId: string,
  domain: string,
  options: { providerIds?: string[]; enforceSso?: boolean; apiTokensUnderEnforcement?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await t.database.tenant(tenantId, async (tx) => {
    await tx.insert(verifiedDomains).values({
      tenantId,
      id,
      domain,
      status: 'Verified',
      txtValue: `skyvault-verification=${randomUUID()}`,
      verifiedAt: new Date(),
      enforceSso: options.enforceSso ?? false,
      apiTokensUnderEnforcement: options.apiTokensUnderEnforcement ?? false,
    });
    const providerIds = options.providerIds ?? [];
    if (providerIds.length > 0) {
      await tx
        .insert(verifiedDomainProviders)
        .values(
          providerIds.map((providerId, position) => ({ tenantId, domainId: id, providerId, position })),
        );
    }
  });
  return id;
}

/** Gives the user an enabled authenticator; answers its secret (for currentCode). */
export async function giveTotp(t: TestApp, tenantId: string, userId: string): Promise<string> {
  const secret = newTotpSecret();
  const deviceId = randomUUID();
  await t.database.tenant(tenantId, (tx) =>
    tx.insert(mfaDevices).values({
      id: deviceId,
      tenantId,
      userId,
      name: 'Phone',
      secret: t.app.services.secrets.seal(sealedAt.mfaDeviceSecret(tenantId, deviceId), secret),
      status: 'Enable',
    }),
  );
  return secret;
}
