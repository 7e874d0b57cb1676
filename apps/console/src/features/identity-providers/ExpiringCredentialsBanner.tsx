import Alert from '@mui/material/Alert';
import { expiryBannerText, expiryWords } from '@skyvault/contract';
import { Fragment } from 'react';
import { RouterLink } from '../../components/RouterLink';
import { toIdentityProvider } from '../../core/paths/links';
import { useExpiringCredentials } from './expiringCredentials.queries';

export const EXPIRY_BANNER_LABEL = 'Expiring credentials';

/**
 * On every signed-in page of an administrator, as the unhealthy connections' banner: the identity
 * providers whose client secret or certificate expires within 30 days or has expired, each a link to
 * its page with the time left. The sentence is the contract's, split around the names.
 */
export function ExpiringCredentialsBanner() {
  const expiring = useExpiringCredentials();
  const providers = expiring.data?.identityProviders ?? [];
  if (providers.length === 0) return null;
  const names = providers.map((provider) => provider.name);
  const text = expiryBannerText(names);
  const joined = names.join(', ');
  const at = text.indexOf(joined);
  return (
    <Alert severity="warning" role="status" aria-label={EXPIRY_BANNER_LABEL} sx={{ mb: 2 }}>
      {text.slice(0, at)}
      {providers.map((provider, index) => (
        <Fragment key={provider.id}>
          {index > 0 && ', '}
          <RouterLink
            to={toIdentityProvider(provider.id)}
            color="inherit"
            underline="always"
            title={expiryWords(provider.credentialsExpireAt)}
          >
            {provider.name}
          </RouterLink>
        </Fragment>
      ))}
      {text.slice(at + joined.length)}
    </Alert>
  );
}
