import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { stringWith, textRule } from './text.js';

/** Addresses are compared case-insensitively, so they are stored and looked up trimmed and lower-cased. */
export const emailRule = stringWith(MESSAGES.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, { error: MESSAGES.emailRequired, abort: true })
  // 254 is the longest address SMTP can carry (RFC 5321 path limit).
  .max(254, { error: MESSAGES.emailInvalid, abort: true })
  .check(z.email({ error: MESSAGES.emailInvalid, abort: true }));

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
/** A special symbol is any visible character that is neither a letter nor a digit. */
const SPECIAL = /[^\p{L}\p{N}\s]/u;

/**
 * Passwords are never trimmed: spaces may be part of them. The spec bounds only the simplified rule by 64;
 * the full rule gets the same bound, which also caps the hashing work of one request.
 */
const passwordBase = () =>
  stringWith(MESSAGES.passwordRequired)
    .min(1, { error: MESSAGES.passwordRequired, abort: true })
    .min(8, { error: MESSAGES.passwordMinLength, abort: true })
    .max(64, { error: MESSAGES.passwordMaxLength, abort: true });

/** Full rule (SPEC.md §5): at least 8, 1 letter, 1 digit, 1 special symbol — the reset-password page. */
export const fullPasswordRule = passwordBase()
  .regex(LETTER, { error: MESSAGES.passwordLetter, abort: true })
  .regex(DIGIT, { error: MESSAGES.passwordDigit, abort: true })
  .regex(SPECIAL, { error: MESSAGES.passwordSpecial, abort: true });

/** Simplified rule (change dialog, login, sign-up, user modal): 8 to 64 and 1 special symbol. */
export const passwordRule = passwordBase().regex(SPECIAL, {
  error: MESSAGES.passwordSpecial,
  abort: true,
});

/**
 * The password at login: only that one was typed. The rules are a new password's: a login that checked
 * them would answer a rule instead of whether the password is right, and would turn away a password
 * set before a rule changed. A password longer than any that can be set simply is a wrong one (its
 * hashing costs what one argon2 pass costs, whatever its length).
 */
export const signInPasswordRule = stringWith(MESSAGES.passwordRequired).min(1, {
  error: MESSAGES.passwordRequired,
});

/** The current password has no rules beyond being given. */
export const currentPasswordRule = stringWith(MESSAGES.currentPasswordRequired).min(1, {
  error: MESSAGES.currentPasswordRequired,
});

export interface PasswordCheck {
  id: 'length' | 'letter' | 'number' | 'special';
  label: string;
  test: (value: string) => boolean;
}

/** The live checklist under a new password; submit stays disabled until every item passes. */
export const PASSWORD_CHECKLIST: readonly PasswordCheck[] = [
  { id: 'length', label: '8 characters', test: (value) => value.length >= 8 },
  { id: 'letter', label: '1 letter', test: (value) => LETTER.test(value) },
  { id: 'number', label: '1 number', test: (value) => DIGIT.test(value) },
  { id: 'special', label: '1 special character', test: (value) => SPECIAL.test(value) },
];
export const passwordMeetsChecklist = (value: string) =>
  PASSWORD_CHECKLIST.every((check) => check.test(value));

/**
 * Person names: any script, but no markup or control characters. The spec only requires them; 64 is our
 * bound (the length of most identity providers' name claims).
 */
const PERSON_NAME = /^[^<>\p{Cc}]+$/u;
const personName = (field: string) =>
  textRule({
    field,
    max: 64,
    pattern: PERSON_NAME,
    patternMessage: `${field} should not contain "<", ">" or control characters`,
  });
export const firstNameRule = personName('First name');
export const lastNameRule = personName('Last name');

/** TOTP at login: exactly 6 digits; anything else is a wrong length as far as the spec is concerned. */
export const totpRule = stringWith(MESSAGES.totpRequired)
  .trim()
  .min(1, { error: MESSAGES.totpRequired, abort: true })
  .regex(/^\d{6}$/, { error: MESSAGES.totpLength, abort: true });

/** The 6-digit code of the MFA device dialog. */
export const mfaCodeRule = stringWith(MESSAGES.mfaCodeRequired)
  .trim()
  .min(1, { error: MESSAGES.mfaCodeRequired, abort: true })
  .length(6, { error: MESSAGES.mfaCodeLength, abort: true })
  .regex(/^\d+$/, { error: MESSAGES.mfaCodeDigits, abort: true });

/** The e-mailed login code; its format is the server's, so only presence and a sane bound are checked. */
export const verificationCodeRule = textRule({
  field: 'Verification code',
  max: 64,
  requiredMessage: MESSAGES.verificationCodeRequired,
});

/**
 * Adds "confirmation equals password" to an object schema, reported on the confirmation field. The
 * comparison is a second schema intersected with the fields, so it runs even while other fields still
 * fail (an object's own refinement would wait for them) and the form shows the mismatch at once.
 */
export function withConfirmation<S extends z.ZodObject, P extends string, C extends string>(
  fields: S,
  passwordKey: P,
  confirmKey: C,
) {
  const shape = { [passwordKey]: z.unknown().optional(), [confirmKey]: z.unknown().optional() } as Record<
    P | C,
    z.ZodOptional<z.ZodUnknown>
  >;
  const pair = z
    .object(shape)
    // A missing password is the password field's own error; a missing confirmation is a mismatch.
    .refine(
      (value: Partial<Record<string, unknown>>) => {
        const password = value[passwordKey];
        return typeof password !== 'string' || password === value[confirmKey];
      },
      {
        error: MESSAGES.passwordsNotSame,
        path: [confirmKey],
      },
    );
  return z.intersection(fields, pair);
}
