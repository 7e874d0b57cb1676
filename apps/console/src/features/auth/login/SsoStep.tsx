import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ProviderChoice, SSO_ENFORCEMENT_TEXTS as T } from '@skyvault/contract';
import { SsoButton } from '../../../components/SsoButton';
import { ChosenAccount } from './ChosenAccount';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';

/**
 * The address signs in through its organization's identity providers: the choice home-realm discovery
 * found (several), or, with `refusal`, the organization's enforcement of single sign-on refusing a
 * password or a code, with the providers to use instead. 'Use a different sign-in' goes back to the
 * e-mail step, which then sends a code (a break-glass administrator's way is the tenant name and
 * password, also offered there).
 */
export function SsoStep({
  email,
  providers,
  refusal,
  onOtherSignIn,
}: {
  email: string;
  providers: ProviderChoice[];
  refusal?: string;
  onOtherSignIn: () => void;
}) {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return (
    <Stack spacing={2}>
      {email && <ChosenAccount email={email} />}
      {refusal ? (
        <Alert severity="warning">{refusal}</Alert>
      ) : (
        <Typography color="text.secondary">{T.chooseProviderHelp(domain)}</Typography>
      )}
      <Stack component="section" aria-label={T.chooseProvider} spacing={1.5}>
        {providers.map((provider) => (
          <SsoButton
            key={provider.id}
            text={provider.buttonText}
            imageId={provider.buttonImageId}
            href={provider.redirectUrl}
          />
        ))}
      </Stack>
      <StepLinks>
        <StepLink onClick={onOtherSignIn}>{T.otherSignIn}</StepLink>
      </StepLinks>
    </Stack>
  );
}
