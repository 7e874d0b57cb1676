import type AlertType from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useReducer, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PublicCard } from '../../components/PublicCard';
import { RouterLink } from '../../components/RouterLink';
import { isApiError } from '../../core/errors/apiErrors';
import { toSignUp } from '../../core/paths/links';
import { offersSignUp, useSignUpMode } from '../../core/signUpMode';
import { EmailStep } from './login/EmailStep';
import { initialLoginState, loginReducer } from './login/loginSteps';
import { type Credentials, useSignIn } from './login/useSignIn';
import { useSsoReturn } from './login/useSsoReturn';

/*
 * The notices above the form are for visitors sent here: from a signed-in address, or back from an
 * identity provider that refused them. Most visits show none, so MUI's Alert (with its close button and
 * icons) loads only when one is to show. Until it has loaded the page waits (suspends) as it does for its
 * own code, so the notice shows with the form rather than above a form it would then push down.
 */
let Alert: typeof AlertType | undefined;
let alertFailure: unknown;
let alertLoading: Promise<void> | undefined;
const loadAlert = () =>
  (alertLoading ??= import('@mui/material/Alert').then(
    (module) => {
      Alert = module.default;
    },
    (failure: unknown) => {
      alertFailure = failure;
    },
  ));

/*
 * Only the e-mail step, the spec's first, comes with the page: every visitor downloads it before the
 * form shows. The other steps, the identity provider buttons, the passkey button (with the passkey
 * endpoints' schemas; the WebAuthn library itself loads only when a passkey is used) and the dialogs
 * load when the visitor gets to them (a few KB each), so they stay out of the first load.
 */
const CodeStep = lazy(() => import('./login/CodeStep').then((module) => ({ default: module.CodeStep })));
const NoTenantsStep = lazy(() =>
  import('./login/NoTenantsStep').then((module) => ({ default: module.NoTenantsStep })),
);
const SelectTenantStep = lazy(() =>
  import('./login/SelectTenantStep').then((module) => ({ default: module.SelectTenantStep })),
);
const PasswordStep = lazy(() =>
  import('./login/PasswordStep').then((module) => ({ default: module.PasswordStep })),
);
const TenantStep = lazy(() =>
  import('./login/TenantStep').then((module) => ({ default: module.TenantStep })),
);
const CredentialStep = lazy(() =>
  import('./login/CredentialStep').then((module) => ({ default: module.CredentialStep })),
);
const LoginButtons = lazy(() =>
  import('./login/LoginButtons').then((module) => ({ default: module.LoginButtons })),
);
const MfaCodeDialog = lazy(() =>
  import('./login/MfaCodeDialog').then((module) => ({ default: module.MfaCodeDialog })),
);
const PasskeySignIn = lazy(() =>
  import('./login/PasskeySignIn').then((module) => ({ default: module.PasskeySignIn })),
);
const SsoStep = lazy(() => import('./login/SsoStep').then((module) => ({ default: module.SsoStep })));
const ForgotPasswordDialog = lazy(() =>
  import('./login/ForgotPasswordDialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);

/**
 * /auth/login (SPEC.md §2, §4): one step at a time, in either flow, then pre-login, the MFA code when the
 * account has MFA, and login. `redirectTo` says where to go afterwards; `authorized=true` means the
 * visitor was sent here to sign in first. Once the tenant is known its identity providers' buttons show;
 * coming back from one, the page shows why it failed or asks for the MFA code. Where the console can use
 * passkeys, the first step also offers signing in with a passkey alone.
 */
export function LoginPage() {
  const [query] = useSearchParams();
  const [state, dispatch] = useReducer(loginReducer, query, initialLoginState);
  const redirectTo = query.get('redirectTo');
  const { awaitingCode, signIn, signInWithFactor, cancelCode, enterConsole } = useSignIn(redirectTo);
  const sso = useSsoReturn(redirectTo);
  // Single sign-on enforced for the address: its providers' buttons instead of the password form.
  const signInOrSso = async (credentials: Credentials) => {
    try {
      await signIn(credentials);
    } catch (failure) {
      if (!isApiError(failure, { code: 'SSO_REQUIRED' })) throw failure;
      dispatch({ type: 'ssoRequired', providers: failure.providers ?? [], message: failure.message });
    }
  };
  // Once the tenant is known (entered, or chosen after the e-mail code), its identity providers can show.
  const tenantKnown = state.step === 'CREDENTIAL' || state.step === 'PASSWORD';
  // A passkey names its account itself: it is offered at the first step of either flow.
  const firstStep = state.step === 'EMAIL' || state.step === 'TENANT';
  /** The forgot-password dialog, with what the form knows so far; null while closed. */
  const [forgotFor, setForgotFor] = useState<{ email: string; tenantName: string } | null>(null);
  const sentToLogIn = query.get('authorized') === 'true';
  // SIGNUP_MODE invitation or off: organizations come from the platform's operator, no sign-up to offer.
  const signUpOffered = offersSignUp(useSignUpMode());
  // A provider sign-in waiting for its MFA code may end with a notice (its ticket no longer good).
  if (sso.awaitingCode) void loadAlert();
  if ((sentToLogIn || sso.error) && !Alert) {
    // Code that could not load fails the screen, as the page's own would: its boundary offers a reload.
    if (alertFailure) throw alertFailure;
    throw loadAlert();
  }

  return (
    <PublicCard title="Log in">
      <Stack spacing={2}>
        {sentToLogIn && Alert && <Alert severity="info">Please log in to continue.</Alert>}
        {sso.error && Alert && (
          <Alert severity="error" onClose={sso.dismissError}>
            {sso.error}
          </Alert>
        )}
        {state.step === 'EMAIL' && (
          <EmailStep
            email={state.email}
            discover={state.discover}
            redirectTo={redirectTo}
            onCodeSent={(email) => dispatch({ type: 'codeSent', email })}
            onProvidersFound={(email, providers) => dispatch({ type: 'providersFound', email, providers })}
            onUseTenantName={(email) => dispatch({ type: 'useTenantName', email })}
          />
        )}
        <Suspense fallback={null}>
          {state.step === 'CODE' && (
            <CodeStep
              email={state.email}
              onVerified={(tenants) => dispatch({ type: 'codeVerified', tenants })}
              onUseDifferentEmail={() => dispatch({ type: 'useEmail' })}
            />
          )}
          {state.step === 'NO_TENANTS' && (
            <NoTenantsStep email={state.email} onUseDifferentEmail={() => dispatch({ type: 'useEmail' })} />
          )}
          {state.step === 'SELECT_TENANT' && (
            <SelectTenantStep
              email={state.email}
              tenants={state.tenants}
              selected={state.tenantName}
              onSelect={(tenantName) => dispatch({ type: 'tenantSelected', tenantName })}
              onUseDifferentEmail={() => dispatch({ type: 'useEmail' })}
            />
          )}
          {state.step === 'PASSWORD' && (
            <PasswordStep
              email={state.email}
              tenantName={state.tenantName}
              onSignIn={signInOrSso}
              onSelectDifferentTenant={() => dispatch({ type: 'selectDifferentTenant' })}
              onForgotPassword={() => setForgotFor({ email: state.email, tenantName: state.tenantName })}
            />
          )}
          {state.step === 'TENANT' && (
            <TenantStep
              tenantName={state.tenantName}
              onContinue={(tenantName) => dispatch({ type: 'tenantEntered', tenantName })}
              onUseEmail={() => dispatch({ type: 'useEmail' })}
            />
          )}
          {state.step === 'CREDENTIAL' && (
            <CredentialStep
              tenantName={state.tenantName}
              email={state.email}
              onSignIn={signInOrSso}
              onUseDifferentTenant={() => dispatch({ type: 'useTenantName' })}
              onForgotPassword={(email) => setForgotFor({ email, tenantName: state.tenantName })}
            />
          )}
          {state.step === 'SSO' && (
            <SsoStep
              email={state.email}
              providers={state.providers}
              refusal={state.refusal}
              onOtherSignIn={() => dispatch({ type: 'otherSignIn' })}
            />
          )}
        </Suspense>
        <Suspense fallback={null}>
          {tenantKnown && <LoginButtons tenantName={state.tenantName} redirectTo={redirectTo} />}
        </Suspense>
        <Suspense fallback={null}>
          {firstStep && (
            <PasskeySignIn
              onSignedIn={enterConsole}
              onSsoRequired={(providers, message) => dispatch({ type: 'ssoRequired', providers, message })}
            />
          )}
        </Suspense>
        {signUpOffered && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            Don't have an account?{' '}
            <RouterLink to={toSignUp()} underline="always">
              Sign up
            </RouterLink>
          </Typography>
        )}
      </Stack>
      <Suspense fallback={null}>
        {awaitingCode && (
          <MfaCodeDialog
            onSubmitFactor={signInWithFactor}
            onCancel={cancelCode}
            totp={awaitingCode.totp}
            passkeyOptions={awaitingCode.passkeyOptions}
          />
        )}
        {sso.awaitingCode && (
          <MfaCodeDialog
            onSubmitFactor={sso.submitFactor}
            onCancel={sso.cancelCode}
            totp={sso.totp}
            passkeyOptions={sso.passkeyOptions}
          />
        )}
        {forgotFor && <ForgotPasswordDialog {...forgotFor} onClose={() => setForgotFor(null)} />}
      </Suspense>
    </PublicCard>
  );
}
