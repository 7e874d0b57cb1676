import type { SignInMethodKey } from '@skyvault/contract';
import { productFromName } from '../../core/licenseProducts';
import { toAuditLog, toLicenses } from '../../core/paths/links';
import { routes } from '../../core/paths/routes';

/**
 * The lists behind the overview's figures, filtered as far as each list's URL allows: the audit log by
 * action, outcome, actor and the window's start; the users list by MFA or by address.
 */
export const overviewLinks = {
  signIns: (from: string, outcome: 'success' | 'failure') =>
    toAuditLog(
      outcome === 'success'
        ? { action: 'sign-in', outcome, from }
        : { action: 'failed-sign-in', outcome, from },
    ),
  /** A connected app's sign-in is an authorization; the others are sign-ins (the log has no method filter). */
  method: (from: string, method: string, outcome: 'success' | 'failure') =>
    (method as SignInMethodKey) === 'oauth'
      ? toAuditLog({ action: 'authorize', outcome, from })
      : overviewLinks.signIns(from, outcome),
  /** The log has no address filter: every failed sign-in of the window, each row showing its address. */
  failedFromAddress: (from: string) => toAuditLog({ action: 'failed-sign-in', outcome: 'failure', from }),
  failedOfAccount: (from: string, userId: string | null) =>
    toAuditLog({ action: 'failed-sign-in', outcome: 'failure', from, ...(userId ? { actor: userId } : {}) }),
  unusualSignIns: (from: string, action: string) => toAuditLog({ action, from }),
  notEnrolled: () => `${routes['users.index']}?mfa=notEnrolled`,
  enrolled: () => `${routes['users.index']}?mfa=enrolled`,
  apiTokens: () => routes['api-tokens.index'],
  license: (product: string) => toLicenses(productFromName(product)),
};
