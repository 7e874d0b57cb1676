import { type LoginStep, type LoginTenant, tenantNameRule } from '@skyvault/contract';

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
  | { type: 'selectDifferentTenant' };

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'codeSent':
      return { ...state, step: 'CODE', email: action.email, tenants: [] };
    case 'codeVerified':
      return action.tenants.length === 0
        ? { ...state, step: 'NO_TENANTS', tenants: [] }
        : { ...state, step: 'SELECT_TENANT', tenants: action.tenants };
    case 'tenantSelected':
      return { ...state, step: 'PASSWORD', tenantName: action.tenantName };
    case 'tenantEntered':
      return { ...state, step: 'CREDENTIAL', tenantName: action.tenantName };
    case 'useEmail':
      return { ...state, step: 'EMAIL', tenants: [] };
    case 'useTenantName':
      return { ...state, step: 'TENANT', email: action.email ?? state.email, tenants: [] };
    case 'selectDifferentTenant':
      return { ...state, step: 'SELECT_TENANT' };
  }
}

/**
 * Where the page starts. A link that names the tenant (e.g. after an organization was verified) opens
 * the credential flow with it filled in; otherwise the e-mail flow, the spec's first.
 */
export function initialLoginState(query: URLSearchParams): LoginState {
  const email = query.get('email')?.trim() ?? '';
  const tenantName = query.get('tenantName')?.trim() ?? '';
  if (!tenantName) return { step: 'EMAIL', email, tenantName: '', tenants: [] };
  const step = tenantNameRule.safeParse(tenantName).success ? 'CREDENTIAL' : 'TENANT';
  return { step, email, tenantName, tenants: [] };
}
