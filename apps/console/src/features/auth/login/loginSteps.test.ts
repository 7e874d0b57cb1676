import { ERROR_MESSAGES } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { initialLoginState, type LoginState, loginReducer } from './loginSteps';

const start: LoginState = {
  step: 'EMAIL',
  email: '',
  tenantName: '',
  tenants: [],
  providers: [],
  discover: true,
};
const tenants = [{ id: '5b0e7c1a-2f3d-4e5a-8b6c-7d8e9f0a1b2c', name: 'acme' }];

describe('the login steps', () => {
  it('walks the e-mail flow: EMAIL, CODE, SELECT_TENANT, PASSWORD', () => {
    const code = loginReducer(start, { type: 'codeSent', email: 'ada@example.com' });
    expect(code).toMatchObject({ step: 'CODE', email: 'ada@example.com' });
    const select = loginReducer(code, { type: 'codeVerified', tenants });
    expect(select).toMatchObject({ step: 'SELECT_TENANT', tenants });
    const password = loginReducer(select, { type: 'tenantSelected', tenantName: 'acme' });
    expect(password).toMatchObject({ step: 'PASSWORD', tenantName: 'acme' });
    expect(loginReducer(password, { type: 'selectDifferentTenant' })).toMatchObject({
      step: 'SELECT_TENANT',
      tenants,
    });
  });

  it('says so when the address has no tenants, and goes back to EMAIL with it for another one', () => {
    const code = loginReducer(start, { type: 'codeSent', email: 'ada@example.com' });
    const none = loginReducer(code, { type: 'codeVerified', tenants: [] });
    expect(none).toMatchObject({ step: 'NO_TENANTS', email: 'ada@example.com' });
    expect(loginReducer(none, { type: 'useEmail' })).toMatchObject({
      step: 'EMAIL',
      email: 'ada@example.com',
    });
  });

  it('walks the credential flow, keeping the e-mail typed before', () => {
    const tenant = loginReducer(start, { type: 'useTenantName', email: 'ada@example.com' });
    expect(tenant).toMatchObject({ step: 'TENANT', email: 'ada@example.com' });
    const credential = loginReducer(tenant, { type: 'tenantEntered', tenantName: 'acme' });
    expect(credential).toMatchObject({ step: 'CREDENTIAL', tenantName: 'acme', email: 'ada@example.com' });
    expect(loginReducer(credential, { type: 'useTenantName' })).toMatchObject({ step: 'TENANT' });
    expect(loginReducer(credential, { type: 'useEmail' })).toMatchObject({ step: 'EMAIL' });
  });

  it('starts with the credential flow when the link names a valid tenant', () => {
    expect(initialLoginState(new URLSearchParams('tenantName=acme&email=ada@example.com'))).toMatchObject({
      step: 'CREDENTIAL',
      tenantName: 'acme',
      email: 'ada@example.com',
    });
    expect(initialLoginState(new URLSearchParams('tenantName=a%20b'))).toMatchObject({ step: 'TENANT' });
    expect(initialLoginState(new URLSearchParams())).toMatchObject({ step: 'EMAIL' });
  });

  it('offers the identity providers that discovery found or that an enforcing organization requires', () => {
    const providers = [
      { id: 'p1', buttonText: 'Acme SSO', buttonImageId: null, redirectUrl: '/api/v1/sso/p1/start' },
    ];
    const found = loginReducer(start, { type: 'providersFound', email: 'ada@acme.com', providers });
    expect(found).toMatchObject({ step: 'SSO', email: 'ada@acme.com', providers, refusal: undefined });
    // 'Use a different sign-in': the e-mail step again, which then sends a code without asking.
    expect(loginReducer(found, { type: 'otherSignIn' })).toMatchObject({ step: 'EMAIL', discover: false });
    const refused = loginReducer(start, { type: 'ssoRequired', providers, message: 'Use SSO' });
    expect(refused).toMatchObject({ step: 'SSO', providers, refusal: 'Use SSO' });
    // The e-mail code flow: a tenant that enforces single sign-on offers its providers, not the password.
    const held = [{ ...tenants[0]!, ssoRequired: providers }];
    const select = loginReducer(start, { type: 'codeVerified', tenants: held });
    expect(loginReducer(select, { type: 'tenantSelected', tenantName: 'acme' })).toMatchObject({
      step: 'SSO',
      providers,
      refusal: ERROR_MESSAGES.SSO_REQUIRED,
    });
  });
});
