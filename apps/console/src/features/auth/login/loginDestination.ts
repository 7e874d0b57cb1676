import { safeRedirectTarget } from '../../../core/paths/links';
import { isPublicPath, routes } from '../../../core/paths/routes';

/** Same-site paths the server answers itself (an OAuth authorization coming back, an API redirect). */
const SERVER_PATHS = ['/oauth/', '/api/'];

export type LoginDestination =
  /** A console screen: the router shows it without reloading. */
  | { kind: 'screen'; path: string }
  /** A path outside the console: the browser loads it, so the server handles the request. */
  | { kind: 'document'; path: string };

/**
 * Where a successful login goes: the `redirectTo` target when it is a path of this site, otherwise the
 * licenses list (SPEC.md §2). Public screens are no target: they would show login or sign-up again.
 */
export function loginDestination(redirectTo: string | null | undefined): LoginDestination {
  const path = safeRedirectTarget(redirectTo);
  if (!path || isPublicPath(new URL(path, 'http://console.invalid').pathname)) {
    return { kind: 'screen', path: routes['licenses.index'] };
  }
  return SERVER_PATHS.some((prefix) => path.startsWith(prefix))
    ? { kind: 'document', path }
    : { kind: 'screen', path };
}
