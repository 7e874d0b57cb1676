import { z } from 'zod';
import { serviceKeySchema } from '../enums.js';
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
