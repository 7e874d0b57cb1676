import { expiryBannerText, expiryWords } from '@skyvault/contract';
import { NamesBanner } from '../../components/NamesBanner';
import { toIdentityProvider } from '../../core/paths/links';
import { useExpiringCredentials } from './expiringCredentials.queries';

export const EXPIRY_BANNER_LABEL = 'Expiring credentials';

/**
 * On every signed-in page of an administrator, as the unhealthy connections' banner: the identity
 * providers whose client secret or certificate expires within 30 days or has expired, each a link to
 * its page with the time left.
 */
export function ExpiringCredentialsBanner() {
  const providers = useExpiringCredentials().data?.identityProviders ?? [];
  return (
    <NamesBanner
      label={EXPIRY_BANNER_LABEL}
      text={expiryBannerText(providers.map((provider) => provider.name))}
      items={providers.map((provider) => ({
        id: provider.id,
        name: provider.name,
        to: toIdentityProvider(provider.id),
        title: expiryWords(provider.credentialsExpireAt),
      }))}
    />
  );
}
