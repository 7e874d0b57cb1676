/**
 * The recovery code rule's messages (MFA_POLICY_MESSAGES names them too), in a module of their own: the
 * login form's schema uses the rule, so these come with the login page's first load, and the other MFA
 * words need not.
 */
export const RECOVERY_CODE_RULE_MESSAGES = {
  required: 'Recovery code is required',
  invalid: 'Recovery code should look like xxxxx-xxxxx',
} as const;
