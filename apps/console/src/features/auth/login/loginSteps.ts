import {
  ERROR_MESSAGES,
  type LoginStep,
  type LoginTenant,
  type ProviderChoice,
  tenantNameRule,
} from '@skyvault/contract';

/**
 * The login page's steps (SPEC.md §4). E-mail flow: EMAIL → CODE (a code was e-mailed) → SELECT_TENANT
 * (the code was right and the address has tenants) → PASSWORD, or NO_TENANTS when it has none (the
 * page says so and offers sign-up or another address). Credential flow: TENANT → CREDENTIAL.
 * What was typed stays when the visitor switches flows, so nothing has to be typed twice.
 */
export interface LoginState {
  step: LoginStep;
  email: string;
  tenantName: string;
  /** The e-mail's tenants, answered by the code check. */
  tenants: LoginTenant[];
  /**
   * The SSO step's identity providers: found by home-realm discovery at the e-mail step, or sent with
   * a refusal because the organization enforces single sign-on (`refusal` is then its message).
   */
  providers: ProviderChoice[];
  refusal?: string;
  /** Whether the e-mail step asks for the address's identity providers first ('Use a different sign-in' turns it off). */
  discover: boolean;
}

export type LoginAction =
  | { type: 'codeSent'; email: string }
  | { type: 'codeVerified'; tenants: LoginTenant[] }
  | { type: 'tenantSelected'; tenantName: string }
  | { type: 'tenantEntered'; tenantName: string }
  /** 'Log In with email' and 'Login with a different email'. */
  | { type: 'useEmail' }
  /** 'Use tenant name' (keeping an e-mail typed so far) and 'Login with a different tenant name'. */
  | { type: 'useTenantName'; email?: string }
  | { type: 'selectDifferentTenant' }
  /** Home-realm discovery found the address's identity providers. */
  | { type: 'providersFound'; email: string; providers: ProviderChoice[] }
  /** The organization enforces single sign-on for the address: a password or code is refused. */
  | { type: 'ssoRequired'; providers: ProviderChoice[]; message: string }
  /** 'Use a different sign-in': the e-mail step again, sending a code this time. */
  | { type: 'otherSignIn' };

const SSO_REQUIRED = ERROR_MESSAGES.SSO_REQUIRED;

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'codeSent':
      return { ...state, step: 'CODE', email: action.email, tenants: [] };
    case 'codeVerified':
      return action.tenants.length === 0
        ? { ...state, step: 'NO_TENANTS', tenants: [] }
        : { ...state, step: 'SELECT_TENANT', tenants: action.tenants };
    case 'tenantSelected': {
      // A tenant that holds the address to single sign-on offers its providers, not the password.
      const chosen = state.tenants.find((tenant) => tenant.name === action.tenantName);
      if (chosen?.ssoRequired) {
        return {
          ...state,
          step: 'SSO',
          tenantName: action.tenantName,
          providers: chosen.ssoRequired,
          refusal: SSO_REQUIRED,
        };
      }
      return { ...state, step: 'PASSWORD', tenantName: action.tenantName };
    }
    case 'tenantEntered':
      return { ...state, step: 'CREDENTIAL', tenantName: action.tenantName };
    case 'useEmail':
      return { ...state, step: 'EMAIL', tenants: [] };
    case 'useTenantName':
      return { ...state, step: 'TENANT', email: action.email ?? state.email, tenants: [] };
    case 'selectDifferentTenant':
      return { ...state, step: 'SELECT_TENANT' };
    case 'providersFound':
      return { ...state, step: 'SSO', email: action.email, providers: action.providers, refusal: undefined };
    case 'ssoRequired':
      return { ...state, step: 'SSO', providers: action.providers, refusal: action.message };
    case 'otherSignIn':
      return { ...state, step: 'EMAIL', providers: [], refusal: undefined, discover: false };
  }
}

/**
 * Where the page starts. A link that names the tenant (e.g. after an organization was verified) opens
 * the credential flow with it filled in; otherwise the e-mail flow, the spec's first.
 */
export function initialLoginState(query: URLSearchParams): LoginState {
  const email = query.get('email')?.trim() ?? '';
  const tenantName = query.get('tenantName')?.trim() ?? '';
  const start = { email, tenants: [], providers: [], discover: true };
  if (!tenantName) return { ...start, step: 'EMAIL', tenantName: '' };
  const step = tenantNameRule.safeParse(tenantName).success ? 'CREDENTIAL' : 'TENANT';
  return { ...start, step, tenantName };
}
