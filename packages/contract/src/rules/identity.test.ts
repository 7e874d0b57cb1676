import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { messagesOf, parsed } from '../test-helpers.js';
import {
  emailRule,
  firstNameRule,
  fullPasswordRule,
  lastNameRule,
  mfaCodeRule,
  PASSWORD_CHECKLIST,
  passwordMeetsChecklist,
  passwordRule,
  totpRule,
  verificationCodeRule,
} from './identity.js';

const cases = [
  ['email missing', emailRule, undefined, MESSAGES.emailRequired],
  ['email empty', emailRule, '   ', MESSAGES.emailRequired],
  ['email malformed', emailRule, 'user@', MESSAGES.emailInvalid],
  ['email markup', emailRule, '<script>@x.com', MESSAGES.emailInvalid],
  ['email too long', emailRule, `${'a'.repeat(250)}@x.com`, MESSAGES.emailInvalid],
  ['full password missing', fullPasswordRule, '', MESSAGES.passwordRequired],
  ['full password short', fullPasswordRule, 'a1!', 'Password should have at least 8 symbols'],
  ['full password no letter', fullPasswordRule, '12345678!', 'Password should have at least 1 letter'],
  ['full password no digit', fullPasswordRule, 'abcdefgh!', 'Password should have at least 1 digit'],
  [
    'full password no special',
    fullPasswordRule,
    'abcdefg1',
    'Password should have at least 1 special symbol',
  ],
  ['password missing', passwordRule, undefined, MESSAGES.passwordRequired],
  ['password short', passwordRule, 'ab!', MESSAGES.passwordMinLength],
  ['password long', passwordRule, `${'a'.repeat(64)}!`, 'Password should be less than 64 symbols'],
  ['password no special', passwordRule, 'abcdefgh', MESSAGES.passwordSpecial],
  ['first name missing', firstNameRule, '', 'First name is required'],
  ['first name spaces', firstNameRule, '   ', 'First name is required'],
  [
    'first name markup',
    firstNameRule,
    '<b>Ann</b>',
    'First name should not contain "<", ">" or control characters',
  ],
  ['first name long', firstNameRule, 'a'.repeat(65), 'First name should have less than 64 symbols'],
  ['last name missing', lastNameRule, undefined, 'Last name is required'],
  ['totp missing', totpRule, '', 'TOTP is required'],
  ['totp short', totpRule, '12345', 'TOTP length is incorrect'],
  ['totp letters', totpRule, '12345a', 'TOTP length is incorrect'],
  ['mfa code missing', mfaCodeRule, '', 'Please, enter 6-digit verification code'],
  ['mfa code short', mfaCodeRule, '123', 'Code must have 6 symbols'],
  ['mfa code long', mfaCodeRule, '1234567', 'Code must have 6 symbols'],
  ['mfa code letters', mfaCodeRule, '12a456', 'Code should contain only numbers'],
  ['verification code missing', verificationCodeRule, ' ', 'Verification code is required'],
] as const;

describe('identity rules report the first failing condition', () => {
  it.each(cases)('%s', (_, rule, input, message) => {
    expect(messagesOf(rule, input)).toEqual([message]);
  });
});

describe('identity rules accept valid values', () => {
  it.each([
    [emailRule, ' Ann.Lee+x@Example.COM ', 'ann.lee+x@example.com'],
    [fullPasswordRule, 'abcdef1!', 'abcdef1!'],
    [fullPasswordRule, `Пароль1!${'x'.repeat(56)}`, `Пароль1!${'x'.repeat(56)}`],
    [passwordRule, 'abcdefg!', 'abcdefg!'],
    [passwordRule, ` ${'a'.repeat(62)}!`, ` ${'a'.repeat(62)}!`],
    [firstNameRule, ' José ', 'José'],
    [lastNameRule, "O'Brien-Łukasz 李", "O'Brien-Łukasz 李"],
    [firstNameRule, 'a'.repeat(64), 'a'.repeat(64)],
    [totpRule, ' 012345 ', '012345'],
    [mfaCodeRule, '000000', '000000'],
    [verificationCodeRule, 'ABC123', 'ABC123'],
  ] as const)('%#', (rule, input, output) => {
    expect(parsed(rule, input)).toBe(output);
  });
});

describe('password checklist', () => {
  it('marks each item independently', () => {
    const passing = (value: string) => PASSWORD_CHECKLIST.filter((c) => c.test(value)).map((c) => c.id);
    expect(passing('')).toEqual([]);
    expect(passing('abcdefgh')).toEqual(['length', 'letter']);
    expect(passing('1!')).toEqual(['number', 'special']);
    expect(passwordMeetsChecklist('abcdef1!')).toBe(true);
    expect(PASSWORD_CHECKLIST.map((c) => c.label)).toEqual([
      '8 characters',
      '1 letter',
      '1 number',
      '1 special character',
    ]);
  });
});
