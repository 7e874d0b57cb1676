import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { identityProviderEndpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { SsoButton } from '../../../components/SsoButton';
import { callApi } from '../../../core/api/client';
import { safeRedirectTarget } from '../../../core/paths/links';

/** The tenant's identity provider buttons; `state` is where a sign-in through one ends. */
const useLoginButtons = (tenantName: string, state: string | undefined) =>
  useQuery({
    queryKey: ['auth', 'login-buttons', tenantName, state ?? ''] as const,
    queryFn: ({ signal }) =>
      callApi(identityProviderEndpoints.loginButtons, { body: { tenantName, state }, signal }),
    enabled: Boolean(tenantName),
    staleTime: 0,
    retry: false,
    meta: { errorToast: false },
  });

/**
 * The sign-in buttons of the tenant's active identity providers (SPEC.md §2, §4), once the tenant is
 * known. The login's redirectTo travels as the state, so a sign-in through a provider ends where a
 * password login would (an OAuth authorization of a connected app included). The password form works
 * without them, so a failure to load them shows nothing.
 */
export function LoginButtons({ tenantName, redirectTo }: { tenantName: string; redirectTo: string | null }) {
  const state = safeRedirectTarget(redirectTo);
  const buttons = useLoginButtons(tenantName, state);
  if (!buttons.data?.length) return null;

  return (
    <Stack component="section" aria-label="Log in with an identity provider" spacing={1.5}>
      <Divider>or</Divider>
      {buttons.data.map((button) => (
        <SsoButton
          key={button.redirectUrl}
          text={button.buttonText}
          imageId={button.buttonImageId}
          href={button.redirectUrl}
        />
      ))}
    </Stack>
  );
}
