import { z } from 'zod';

/** An abuse limit as `<most hits>/<window in seconds>`, e.g. `50/900`. */
export const limit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(v);
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
        ctx.addIssue({ code: 'custom', message: 'must be <most attempts>/<window in seconds>, e.g. 50/900' });
        return z.NEVER;
      }
      return { max: Number(match[1]), windowSeconds: Number(match[2]) };
    });

/**
 * The abuse limits, each from its variable (RATE_LIMIT_<NAME>). Per-address limits count failures
 * only, so that an office behind one address never reaches them by signing in; per-account and
 * per-e-mail limits stay strict.
 */
export const LIMIT_DEFAULTS = {
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '50/900',
  RATE_LIMIT_CODE_FAILURES_PER_ADDRESS: '20/900',
  RATE_LIMIT_CODE_REQUESTS_PER_EMAIL: '5/900',
  RATE_LIMIT_FORGOT_PER_ACCOUNT: '3/3600',
  RATE_LIMIT_FORGOT_FAILURES_PER_ADDRESS: '20/3600',
  RATE_LIMIT_SIGN_UPS_PER_ADDRESS: '10/3600',
  RATE_LIMIT_SSO_STARTS_PER_ADDRESS: '300/60',
  RATE_LIMIT_TOTP_FAILURES_PER_USER: '5/900',
  RATE_LIMIT_PASSWORD_CHANGE_FAILURES_PER_USER: '5/900',
} as const;

export interface Limit {
  /** The most hits allowed in one window. */
  max: number;
  windowSeconds: number;
}

/** The abuse limits in force; names say what they guard. */
export interface Limits {
  loginFailuresPerAddress: Limit;
  codeFailuresPerAddress: Limit;
  codeRequestsPerEmail: Limit;
  forgotPerAccount: Limit;
  forgotFailuresPerAddress: Limit;
  signUpsPerAddress: Limit;
  ssoStartsPerAddress: Limit;
  totpFailuresPerUser: Limit;
  passwordChangeFailuresPerUser: Limit;
  /**
   * Login failures of an account, and of an account from one address: the first `freeFailures` in
   * an hour cost nothing, each further one makes the next attempt wait twice as long, up to `maxSeconds`.
   */
  loginDelay: { freeFailures: number; maxSeconds: number; windowSeconds: number };
}
