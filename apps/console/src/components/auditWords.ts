import type { AuditActionGroup, AuditActionName, AuditOutcome, SignInMethod } from '@skyvault/contract';

/** An audit event's or sign-in attempt's outcome in words (the Audit Log and the user's page). */
export const OUTCOME_LABELS: Record<AuditOutcome, string> = { success: 'Success', failure: 'Failure' };

/** How a sign-in was attempted, in words. */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  'email-code': 'E-mail code',
  sso: 'Single sign-on',
  oauth: 'Connected app',
  passkey: 'Passkey',
};

/** The kinds of action, as the Audit Log's Action filter groups them. */
export const ACTION_GROUP_LABELS: Record<AuditActionGroup, string> = {
  changes: 'Changes',
  signIn: 'Sign-in',
  account: 'Accounts and sessions',
  connections: 'Salesforce connections',
  operator: 'Platform operators',
};

/** Each action the trail records, in words (the trail itself keeps the action's name). */
export const ACTION_LABELS: Record<AuditActionName, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  enable: 'Enable',
  disable: 'Disable',
  regenerate: 'Regenerate',
  revoke: 'Revoke',
  'rotate-secret': 'Rotate secret',
  resend: 'Resend a webhook event',
  'send-test-event': 'Send a webhook test event',
  'update-permissions': 'Change permissions',
  'add-users': 'Add users to a group',
  'remove-user': 'Remove a user from a group',
  'start-trial': 'Start a trial',
  'update-domain-sign-in': "Change a domain's sign-in",
  'add-break-glass-admin': 'Name a break-glass administrator',
  'remove-break-glass-admin': 'Remove a break-glass administrator',
  'sign-in': 'Sign in',
  'break-glass-sign-in': 'Break-glass sign-in',
  'failed-sign-in': 'Failed sign-in',
  'sign-out': 'Sign out',
  'mfa-challenge': 'Second factor',
  authorize: 'Sign in to a connected app',
  'deny-authorization': 'Deny a connected app',
  'request-password-reset': 'Ask for a password reset',
  'complete-password-reset': 'Set a new password',
  'reset-password': 'Reset password (administrator)',
  'resend-invitation': 'Resend an invitation',
  'change-email': 'Change e-mail address',
  'request-email-proof': 'Ask to prove an e-mail address',
  'prove-email': 'Prove an e-mail address',
  'link-identity': 'Link a provider identity',
  'unlink-identity': 'Unlink a provider identity',
  'recovery-code-used': 'Use a recovery code',
  'mfa-reset': 'Reset second factors',
  'remove-passkeys': 'Remove passkeys',
  'end-session': 'End a session',
  'end-sessions': 'End all sessions',
  'end-other-sessions': 'End other sessions',
  connect: 'Connect',
  'connect-failed': 'Connection failed',
  renew: 'Update token',
  rebind: 'Rebind to a refreshed sandbox',
  'org-mismatch-refused': 'Login to another org refused',
  'health-changed': 'Health changed',
  'org-changed': 'Org changed',
  'operator:create-tenant': 'Create an organization',
  'operator:grant-license': 'Grant a licence',
  'operator:expire-license': 'Expire a licence',
  'operator:enable-service': 'Enable a service',
  'operator:disable-service': 'Disable a service',
  'operator:set-audit-retention': 'Set the audit retention',
};
