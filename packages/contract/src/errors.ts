import { z } from 'zod';

/**
 * Every error code the API answers with, and its HTTP status. The first three are SPEC.md §8's own; the
 * rest are ours. The console branches on these codes, never on message text.
 */
export const ERROR_STATUS = {
  INVALID_SESSION_EXCEPTION: 401,
  INSUFFICIENT_ACCESS: 403,
  ForceResetPasswordException: 403,
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  INVALID_TOTP: 400,
  INVALID_CODE: 400,
  EMAIL_NOT_VERIFIED: 403,
  SIGN_UP_CLOSED: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  CSRF_REJECTED: 403,
  SERVICE_NOT_ENABLED: 403,
  IP_NOT_ALLOWED: 403,
  MFA_ENROLMENT_REQUIRED: 403,
  IP_RANGE_LOCKOUT: 409,
  APPROVAL_REQUIRED: 409,
  SSO_FAILED: 400,
  SSO_REQUIRED: 403,
  SSO_DOMAIN_NOT_VERIFIED: 403,
  STORAGE_TEST_FAILED: 422,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  DATABASE_BUSY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Default human messages; a thrower may give a more precise one. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  INVALID_SESSION_EXCEPTION: 'Your session has expired. Please log in again.',
  INSUFFICIENT_ACCESS: 'You do not have access to this resource.',
  ForceResetPasswordException: 'You must set a new password before you continue.',
  VALIDATION_ERROR: 'Some fields are not valid.',
  BAD_REQUEST: 'The request could not be understood.',
  INVALID_CREDENTIALS: 'The e-mail, tenant name or password is incorrect.',
  INVALID_TOTP: 'The verification code is incorrect.',
  INVALID_CODE: 'This code is invalid or has expired.',
  EMAIL_NOT_VERIFIED: 'Please verify your e-mail address first: open the link we sent you.',
  ACCOUNT_DISABLED: 'Your account is disabled. Please contact your administrator.',
  // SIGNUP_MODE is not open; the tenants' refusals (SIGN_UP_REFUSALS) say which way it is closed.
  SIGN_UP_CLOSED: 'Signing up a new organization is not possible here.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  CONFLICT: 'This conflicts with existing data.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  URI_TOO_LONG: 'The address is too long.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Too many attempts. Please try again later.',
  CSRF_REJECTED: 'The request did not come from the console.',
  SERVICE_NOT_ENABLED: 'This service is not enabled for your organization.',
  IP_NOT_ALLOWED: 'Access from your network address is not allowed for this organization.',
  MFA_ENROLMENT_REQUIRED:
    'Your organization requires multi-factor authentication. Add an authenticator or a passkey first.',
  IP_RANGE_LOCKOUT:
    'This change would block your own address. Add a range that includes your current address first.',
  // The tenant's approval policy covers this change: resend it with a reason to ask for approval.
  APPROVAL_REQUIRED:
    'Your organization requires a second administrator to approve this change. Give a reason to request approval.',
  SSO_FAILED: 'Single sign-on did not complete. Please try again or log in with your password.',
  SSO_REQUIRED:
    'Your organization requires you to sign in with its identity provider. Use the button below to continue.',
  // Just-in-time provisioning creates users only on the tenant's verified domains (docs/sso.md).
  SSO_DOMAIN_NOT_VERIFIED:
    'Your organization has not verified the domain of your e-mail address, so single sign-on cannot create your account. Ask an administrator to invite you.',
  // Saving a storage tests it first; `fields` marks what failed, and `acceptFailedTest` saves it anyway.
  STORAGE_TEST_FAILED:
    'The storage failed its test. Fix what is marked, or save anyway to keep it as unhealthy.',
  INTERNAL_ERROR: 'Something went wrong on our side. Please try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  // The console retries by itself meanwhile (reads only), hence the promise.
  DATABASE_UNAVAILABLE: 'The service is temporarily unavailable. Retrying…',
  // A lock conflict (a deadlock, a lock time-out during a migration): asking again succeeds.
  DATABASE_BUSY: 'The service is busy for a moment. Please try again.',
};

/** NOT_FOUND for an address that no route serves (a page address answers the console instead). */
export const noSuchPath = (method: string, path: string) => `No such path: ${method} ${path}`;

/**
 * An identity provider a visitor may sign in with, as the login page shows it: home-realm discovery's
 * answer and SSO_REQUIRED's `providers`. `redirectUrl` is the provider's start path (with the address
 * as login_hint and the page's redirect target as state).
 */
export const providerChoiceSchema = z.object({
  id: z.string(),
  buttonText: z.string(),
  buttonImageId: z.string().nullable(),
  redirectUrl: z.string(),
});
export type ProviderChoice = z.infer<typeof providerChoiceSchema>;

/** The one error body of every non-2xx answer (ARCHITECTURE §4). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  /** Field path (dot-joined, e.g. `data.oauth.authorizedCallbackURLs.0`) → the spec's message. */
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
  /** ForceResetPasswordException carries the change-password code. */
  resetCode: z.string().optional(),
  /** RATE_LIMITED, SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE, DATABASE_BUSY: seconds until a retry may succeed. */
  retryAfter: z.number().int().optional(),
  /** SSO_REQUIRED: the identity providers the user's organization signs them in with. */
  providers: z.array(providerChoiceSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const isErrorBody = (value: unknown): value is ErrorBody => errorBodySchema.safeParse(value).success;
