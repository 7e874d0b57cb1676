import {
  authEndpoints,
  type LoginForm,
  type PasskeyCredentialResponse,
  ssoEndpoints,
  ssoEnforcementEndpoints,
} from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';
import { notify } from '../../core/toasts/notify';

/*
 * The login steps' calls. Each form shows its call's errors next to its fields (FORM_META); the shared
 * handler still acts on those it handles (a forced password reset). The identity provider buttons'
 * call (LoginButtons) and the password calls (password.queries) are apart: the login page's first
 * step loads this module, and their endpoints' schemas are not needed until later.
 */

/** E-mail flow: a login code to the address. */
export const useRequestCode = () =>
  useMutation({
    mutationFn: (email: string) => callApi(authEndpoints.requestCode, { body: { email } }),
    meta: FORM_META,
  });

/** A new login code from the code step; its failures get the shared toast (the step has no field for them). */
export const useResendCode = (email: string) =>
  useMutation({
    mutationFn: () => callApi(authEndpoints.requestCode, { body: { email } }),
    onSuccess: () => notify(`We have sent a new code to ${email}.`, 'info'),
  });

/** The e-mailed code, which answers the tenants the address belongs to. */
export const useVerifyCode = (email: string) =>
  useMutation({
    mutationFn: (code: string) => callApi(authEndpoints.verifyCode, { body: { email, code } }),
    meta: FORM_META,
  });

/** What both login flows end with. */
export type Credentials = Pick<LoginForm, 'email' | 'tenantName' | 'password'>;

/** The browser's time zone goes with the login so the session knows the user's local time. */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/**
 * Home-realm discovery: where the address's organization signs it in (no providers: the e-mail code).
 * Its failures do not stop the e-mail step, which then sends a code as before.
 */
export const useHomeRealm = () =>
  useMutation({
    mutationFn: (input: { email: string; state?: string }) =>
      callApi(ssoEnforcementEndpoints.homeRealm, { body: input }),
    meta: { errorToast: false },
  });

/** Checks the credentials and says whether a TOTP code is needed. */
export const usePreLogin = () =>
  useMutation({
    mutationFn: (credentials: Credentials) =>
      callApi(authEndpoints.preLogin, { body: { ...credentials, timezone: browserTimeZone() } }),
    meta: FORM_META,
  });

/**
 * What finishes a sign-in of a user with MFA: a code from the authenticator app, one of their recovery
 * codes, or a passkey's answer to the challenge pre-login gave.
 */
export type SecondFactor =
  | { code: string }
  | { recoveryCode: string }
  | { passkey: PasskeyCredentialResponse };

export const useLogin = () =>
  useMutation({
    mutationFn: ({ factor, ...credentials }: Credentials & { factor?: SecondFactor }) =>
      callApi(authEndpoints.login, { body: { ...credentials, ...factor, timezone: browserTimeZone() } }),
    meta: FORM_META,
  });

/**
 * The second factor that finishes a sign-in through an identity provider, with its ticket: a code, a
 * recovery code or a passkey's answer.
 */
export const useCompleteSso = (ticket: string | null) =>
  useMutation({
    mutationFn: (factor: SecondFactor) =>
      callApi(ssoEndpoints.complete, { body: { ticket: ticket ?? '', ...factor } }),
    meta: FORM_META,
  });

/**
 * What the MFA step of a provider sign-in may take: whether the user has an authenticator, and a
 * challenge for their passkeys (single use: asked again after each passkey attempt).
 */
export const useSsoSecondFactor = () =>
  useMutation({
    mutationFn: (ticket: string) => callApi(ssoEndpoints.secondFactor, { body: { ticket } }),
    meta: FORM_META,
  });
