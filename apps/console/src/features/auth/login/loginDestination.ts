import type { SessionUser } from '@skyvault/contract';
import { safeRedirectTarget } from '../../../core/paths/links';
import { isPublicPath } from '../../../core/paths/routes';
import { firstPageOf } from '../../../core/session/firstPage';

/** Same-site paths the server answers itself (an OAuth authorization coming back, an API redirect). */
const SERVER_PATHS = ['/oauth/', '/api/'];

export type LoginDestination =
  /** A console screen: the router shows it without reloading. */
  | { kind: 'screen'; path: string }
  /** A path outside the console: the browser loads it, so the server handles the request. */
  | { kind: 'document'; path: string };

/**
 * Where a successful login goes: the `redirectTo` target when it is a path of this site, otherwise the
 * first page (/: the licenses list of SPEC.md §2, or the security overview of Owners and Security
 * administrators). Public screens are no target: they would show login or sign-up again.
 */
export function loginDestination(
  redirectTo: string | null | undefined,
  user?: Pick<SessionUser, 'isAdmin' | 'adminRoles'>,
): LoginDestination {
  const path = safeRedirectTarget(redirectTo);
  if (!path || isPublicPath(new URL(path, 'http://console.invalid').pathname)) {
    return { kind: 'screen', path: firstPageOf(user) };
  }
  return SERVER_PATHS.some((prefix) => path.startsWith(prefix))
    ? { kind: 'document', path }
    : { kind: 'screen', path };
}
