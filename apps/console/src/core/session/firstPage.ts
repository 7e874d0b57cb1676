import type { AdminRole, SessionUser } from '@skyvault/contract';
import { routes } from '../paths/routes';

/** The roles whose first page is the security overview (issue 37); everyone else keeps the licences. */
const OVERVIEW_FIRST: readonly AdminRole[] = ['Owner', 'SecurityAdministrator'];

/** Where / and a login without a target lead: the security overview or the licenses list (SPEC.md §2). */
export const firstPageOf = (user: Pick<SessionUser, 'isAdmin' | 'adminRoles'> | null | undefined): string =>
  user?.isAdmin && (user.adminRoles ?? []).some((role) => OVERVIEW_FIRST.includes(role))
    ? routes['security-overview.index']
    : routes['licenses.index'];
