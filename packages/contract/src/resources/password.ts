import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  currentPasswordRule,
  emailRule,
  fullPasswordRule,
  passwordRule,
  withConfirmation,
} from '../rules/identity.js';
import { tenantNameRule } from '../rules/names.js';
import { textRule } from '../rules/text.js';

/** POST /v1/users/password: the signed-in user changes their own password (settings menu dialog). */
export const passwordChangeSchema = z.object({
  oldPassword: currentPasswordRule,
  newPassword: passwordRule,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** The change dialog's form; confirmationPassword is checked here and never sent. */
export const changePasswordFormSchema = withConfirmation(
  passwordChangeSchema.extend({ confirmationPassword: z.string().optional() }),
  'newPassword',
  'confirmationPassword',
);
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** The one-time code of a reset link (e-mailed, or answered with ForceResetPasswordException). */
export const resetCodeRule = textRule({ field: 'Code', max: 256 });
/** GET /v1/auth/change-password/:code. */
export const resetCodeParamsSchema = z.object({ code: resetCodeRule });
/** What a valid code tells the page: whose password is being set. */
export const resetCodeDetailsSchema = z.object({ email: z.string() });
export type ResetCodeDetails = z.infer<typeof resetCodeDetailsSchema>;

/**
 * PATCH /v1/auth/change-password: sets a new password with a reset code. The page shows the full
 * checklist (8 characters, a letter, a number, a special symbol), so the full rule applies.
 */
export const resetPasswordSchema = z.object({ password: fullPasswordRule, code: resetCodeRule });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** The /auth/change-password page's form (the code comes from the query, not a field). */
export const resetPasswordFormSchema = withConfirmation(
  z.object({ password: fullPasswordRule, confirmPassword: z.string().optional() }),
  'password',
  'confirmPassword',
);
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** PATCH /v1/auth/forgot-password: the answer never tells whether the account exists. */
export const forgotPasswordSchema = z.object({ email: emailRule, tenantName: tenantNameRule });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const passwordEndpoints = {
  forgotPassword: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/auth/forgot-password',
    access: 'public',
    summary: 'E-mails a reset link (the same answer whether or not the account exists)',
    tags: ['Auth'],
    body: forgotPasswordSchema,
    status: 204,
  }),
  resetCodeDetails: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/change-password/:code',
    access: 'public',
    summary: 'Tells whose password a reset code sets',
    tags: ['Auth'],
    params: resetCodeParamsSchema,
    response: resetCodeDetailsSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/auth/change-password',
    access: 'public',
    summary: "Sets a new password with a reset code and ends the user's sessions",
    tags: ['Auth'],
    body: resetPasswordSchema,
    status: 204,
  }),
  changeOwnPassword: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users/password',
    access: 'user',
    sessionOnly: true,
    summary: "Changes the signed-in user's password and ends their other sessions",
    tags: ['Users'],
    body: passwordChangeSchema,
    status: 204,
  }),
} as const;
