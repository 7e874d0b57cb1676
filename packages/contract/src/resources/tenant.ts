import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { SERVICE_KEYS, serviceKeySchema } from '../enums.js';
import { emailRule, firstNameRule, lastNameRule, passwordRule, withConfirmation } from '../rules/identity.js';
import { tenantNameRule } from '../rules/names.js';
import { uuidSchema } from '../rules/text.js';

/** PATCH /v1/tenants: the settings menu's 'Change tenant name'. */
export const tenantUpdateSchema = z.object({ name: tenantNameRule });
export type TenantUpdate = z.infer<typeof tenantUpdateSchema>;

export const tenantSchema = z.object({ id: uuidSchema, name: z.string() });
export type Tenant = z.infer<typeof tenantSchema>;

const signUpFieldsSchema = z.object({
  firstName: firstNameRule,
  lastName: lastNameRule,
  email: emailRule,
  password: passwordRule,
  confirmPassword: z.string().optional(),
});

/** The /tenants/new form. */
export const signUpFormSchema = withConfirmation(signUpFieldsSchema, 'password', 'confirmPassword');
export type SignUpForm = z.input<typeof signUpFormSchema>;

/**
 * POST /v1/tenants: the form's fields plus the service the visitor signed up for (backup unless said
 * otherwise). The server checks the confirmation again, so a hand-made request is held to the same rules.
 */
export const tenantSignUpSchema = withConfirmation(
  signUpFieldsSchema.extend({ application: serviceKeySchema.default('backup') }),
  'password',
  'confirmPassword',
);
export type TenantSignUp = z.input<typeof tenantSignUpSchema>;

/**
 * The operator's `create-tenant` command: an organization with its services and its first
 * administrator, who is invited by e-mail to set a password. The same rules as the console's fields.
 */
export const operatorTenantCreateSchema = z.object({
  name: tenantNameRule,
  services: z
    .array(z.enum(SERVICE_KEYS, { error: `Service should be one of: ${SERVICE_KEYS.join(', ')}` }))
    .min(1, `At least one service is required: ${SERVICE_KEYS.join(', ')}`),
  email: emailRule,
  firstName: firstNameRule,
  lastName: lastNameRule,
});
export type OperatorTenantCreate = z.input<typeof operatorTenantCreateSchema>;

/**
 * What POST /v1/tenants answers (403 SIGN_UP_CLOSED) when SIGNUP_MODE is not open, and what the console
 * says in place of its sign-up offers.
 */
export const SIGN_UP_REFUSALS = {
  invitation:
    "New organizations are created by invitation only. Ask the platform's operator to create yours: its administrator gets an e-mail to set a password.",
  off: 'Signing up a new organization is turned off on this platform.',
} as const;

/** What sign-up answers: where the verification e-mail went. */
export const signUpResponseSchema = z.object({ email: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** The token of the sign-up verification link (/tenants/verify?token=…). */
export const tenantVerifySchema = z.object({ token: z.string().trim().min(1).max(256) });
export type TenantVerify = z.infer<typeof tenantVerifySchema>;
export const tenantVerifiedSchema = z.object({ tenantName: z.string(), email: z.string() });
export type TenantVerified = z.infer<typeof tenantVerifiedSchema>;

/** Asks for a new verification e-mail after a link expired (the same answer for unknown e-mails). */
export const verificationEmailRequestSchema = z.object({ email: emailRule });
export type VerificationEmailRequest = z.infer<typeof verificationEmailRequestSchema>;

export const tenantEndpoints = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/api/v1/tenants',
    access: 'public',
    summary: 'Signs up a new organization and e-mails a verification link',
    tags: ['Tenants'],
    body: tenantSignUpSchema,
    response: signUpResponseSchema,
    status: 201,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/v1/tenants/verify',
    access: 'public',
    summary: 'Activates the organization and its first user from the verification link',
    tags: ['Tenants'],
    body: tenantVerifySchema,
    response: tenantVerifiedSchema,
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/api/v1/tenants/verification-email',
    access: 'public',
    summary: 'E-mails a new verification link to an organization that is still waiting',
    tags: ['Tenants'],
    body: verificationEmailRequestSchema,
    status: 204,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/tenants',
    access: 'admin',
    permission: 'organization:write',
    summary: "Renames the signed-in user's organization",
    tags: ['Tenants'],
    body: tenantUpdateSchema,
    response: tenantSchema,
  }),
} as const;
