import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { messagesByPath, parsed } from '../test-helpers.js';
import {
  loginCredentialStepSchema,
  loginPasswordStepSchema,
  loginSchema,
  loginTotpSchema,
  verificationCodeVerifySchema,
} from './auth.js';
import { identityProviderCreateSchema, identityProviderEditFormSchema } from './identity-provider.js';
import { ipRangeCreateSchema, ipRangePatchSchema } from './ip-range.js';
import { mfaVerifySchema } from './mfa.js';
import { changePasswordFormSchema, passwordChangeSchema, resetPasswordFormSchema } from './password.js';
import { SAML_MESSAGES } from './saml.js';
import { signUpFormSchema, tenantSignUpSchema, tenantUpdateSchema } from './tenant.js';
import { createUserFormSchema, editUserFormSchema, userPatchSchema } from './user.js';

const person = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };
const GROUP_ID = '3f2b8a1e-5c4d-4e6f-9a7b-1c2d3e4f5a6b';

describe('sign-up and password forms', () => {
  it.each([
    [signUpFormSchema, { ...person, password: 'secret-1', confirmPassword: 'secret-2' }, 'confirmPassword'],
    [
      changePasswordFormSchema,
      { oldPassword: 'x', newPassword: 'secret-1', confirmationPassword: 'nope' },
      'confirmationPassword',
    ],
    [resetPasswordFormSchema, { password: 'secret-1', confirmPassword: '' }, 'confirmPassword'],
  ] as const)('reports a mismatch on the confirmation: %#', (schema, input, path) => {
    expect(messagesByPath(schema, input)).toEqual({ [path]: ['Passwords are not the same'] });
  });

  it('reports the mismatch together with other fields', () => {
    const input = { ...person, firstName: '', password: 'secret-1', confirmPassword: 'other-1' };
    expect(messagesByPath(signUpFormSchema, input)).toEqual({
      firstName: ['First name is required'],
      confirmPassword: ['Passwords are not the same'],
    });
  });

  it('reports each missing sign-up field once', () => {
    expect(messagesByPath(signUpFormSchema, {})).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
    });
    expect(messagesByPath(signUpFormSchema, { ...person, password: 'secret-1' })).toEqual({
      confirmPassword: ['Passwords are not the same'],
    });
  });

  it('sends the sign-up with backup as the default service', () => {
    const value = parsed(tenantSignUpSchema, {
      ...person,
      password: 'secret-1',
      confirmPassword: 'secret-1',
    });
    expect(value.application).toBe('backup');
  });

  it('drops the confirmation from the change-password call', () => {
    const form = parsed(changePasswordFormSchema, {
      oldPassword: 'old',
      newPassword: 'secret-1',
      confirmationPassword: 'secret-1',
    });
    expect(passwordChangeSchema.parse(form)).toEqual({ oldPassword: 'old', newPassword: 'secret-1' });
    expect(messagesByPath(passwordChangeSchema, { oldPassword: '', newPassword: 'secret-1' })).toEqual({
      oldPassword: [MESSAGES.currentPasswordRequired],
    });
  });

  it('checks the full rule on the reset page', () => {
    expect(
      messagesByPath(resetPasswordFormSchema, { password: 'abcdefg!', confirmPassword: 'abcdefg!' }),
    ).toEqual({
      password: ['Password should have at least 1 digit'],
    });
  });

  it('validates the tenant name change', () => {
    expect(messagesByPath(tenantUpdateSchema, { name: 'ab' })).toEqual({
      name: ['Tenant name should have at least 4 symbols'],
    });
  });
});

describe('user forms', () => {
  it('requires the password on create, not on edit', () => {
    expect(messagesByPath(createUserFormSchema, person)).toEqual({ password: ['Password is required'] });
    expect(parsed(editUserFormSchema, { ...person, password: '' }).password).toBe('');
    expect(messagesByPath(editUserFormSchema, { ...person, password: 'short' })).toEqual({
      password: [MESSAGES.passwordMinLength],
    });
  });

  it('treats a cleared group picker as no group', () => {
    expect(parsed(createUserFormSchema, { ...person, password: 'secret-1', groupId: '' }).groupId).toBeNull();
    expect(parsed(userPatchSchema, { groupId: GROUP_ID }).groupId).toBe(GROUP_ID);
  });
});

describe('login', () => {
  const login = { email: 'ann@example.com', tenantName: 'acme', password: 'secret-1' };

  it('accepts the login form with an optional TOTP', () => {
    expect(parsed(loginSchema, login)).toEqual(login);
    expect(messagesByPath(loginSchema, { ...login, code: '12' })).toEqual({
      code: ['TOTP length is incorrect'],
    });
    expect(messagesByPath(loginTotpSchema, { code: '' })).toEqual({ code: ['TOTP is required'] });
  });

  it("asks only that a password be typed at login, not that it meet a new password's rules", () => {
    expect(messagesByPath(loginSchema, { ...login, password: '' })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
    for (const password of ['short', 'nodigitsorsymbols', 'x'.repeat(80)]) {
      expect(parsed(loginSchema, { ...login, password }).password).toBe(password);
    }
    expect(parsed(loginPasswordStepSchema, { password: 'abc' })).toEqual({ password: 'abc' });
    expect(messagesByPath(loginCredentialStepSchema, { email: 'ann@example.com', password: '' })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
  });

  it('requires the e-mailed code', () => {
    expect(messagesByPath(verificationCodeVerifySchema, { email: 'ann@example.com' })).toEqual({
      code: ['Verification code is required'],
    });
  });

  it('verifies an MFA device with six digits', () => {
    expect(messagesByPath(mfaVerifySchema, { code: 'abcdef' })).toEqual({
      code: ['Code should contain only numbers'],
    });
  });
});

describe('identity providers', () => {
  const provider = {
    name: 'Okta',
    type: 'OpenId',
    providerData: { clientId: 'client', clientSecret: 'secret', issuer: 'https://acme.okta.com' },
  };

  it('requires a connection method and every provider value', () => {
    const input = { name: '', providerData: { clientId: '', issuer: ' ' } };
    // The settings follow the method: without one, only the method is asked for.
    expect(messagesByPath(identityProviderCreateSchema, input)).toEqual({
      type: ['Connection method is required'],
    });
    expect(messagesByPath(identityProviderCreateSchema, { ...input, type: 'OpenId' })).toEqual({
      name: ['Name is required'],
      'providerData.clientId': ['Value must be set!'],
      'providerData.clientSecret': ['Value must be set!'],
      'providerData.issuer': ['Value must be set!'],
    });
  });

  it('asks a SAML provider for its metadata, as text or URL but not both', () => {
    const saml = { name: 'Entra', type: 'Saml', providerData: {} };
    expect(messagesByPath(identityProviderCreateSchema, saml)).toEqual({
      'providerData.metadataXml': [SAML_MESSAGES.metadataRequired],
    });
    const both = { ...saml, providerData: { metadataXml: '<x/>', metadataUrl: 'https://idp.example.com/m' } };
    expect(messagesByPath(identityProviderCreateSchema, both)).toEqual({
      'providerData.metadataUrl': [SAML_MESSAGES.metadataBoth],
    });
    const skew = { ...saml, providerData: { metadataXml: '<x/>', clockSkewSeconds: 301 } };
    expect(messagesByPath(identityProviderCreateSchema, skew)).toEqual({
      'providerData.clockSkewSeconds': [SAML_MESSAGES.clockSkew],
    });
    expect(
      parsed(identityProviderCreateSchema, { ...saml, providerData: { metadataXml: '<x/>' } }),
    ).toMatchObject({
      providerData: {
        clockSkewSeconds: 60,
        wantAssertionsSigned: true,
        allowIdpInitiated: false,
        emailAttribute: '',
      },
    });
  });

  it('keeps the stored secret when the edit form leaves it empty', () => {
    const edit = { ...provider, providerData: { ...provider.providerData, clientSecret: '' } };
    expect(messagesByPath(identityProviderEditFormSchema, edit)).toEqual({});
    expect(parsed(identityProviderCreateSchema, { ...provider, buttonImageId: '' })).toMatchObject({
      buttonText: '',
      buttonImageId: null,
    });
  });
});

describe('IP ranges', () => {
  it('checks the range on the end address', () => {
    const range = { name: 'Office', startIPAddress: '10.0.0.9', endIPAddress: '10.0.0.1' };
    expect(messagesByPath(ipRangeCreateSchema, range)).toEqual({ endIPAddress: [MESSAGES.ipRangeOrder] });
    expect(messagesByPath(ipRangeCreateSchema, { ...range, endIPAddress: '::1' })).toEqual({
      endIPAddress: [MESSAGES.ipRangeVersionMismatch],
    });
    expect(messagesByPath(ipRangeCreateSchema, {})).toEqual({
      name: ['Name is required'],
      startIPAddress: ['Start IP address is required'],
      endIPAddress: ['End IP address is required'],
    });
    expect(parsed(ipRangePatchSchema, { endIPAddress: '10.0.0.1' })).toEqual({ endIPAddress: '10.0.0.1' });
    expect(parsed(ipRangeCreateSchema, { ...range, startIPAddress: ' 10.0.0.0 ' }).startIPAddress).toBe(
      '10.0.0.0',
    );
  });
});
