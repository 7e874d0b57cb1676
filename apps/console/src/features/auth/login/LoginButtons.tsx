import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { SsoButton } from '../../../components/SsoButton';
import { safeRedirectTarget } from '../../../core/paths/links';
import { useLoginButtons } from '../auth.queries';

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
