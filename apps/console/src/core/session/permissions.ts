import type { EndpointDef, SessionUser } from '@skyvault/contract';
import { useSessionUser } from './SessionContext';

/**
 * Whether the signed-in user may make this call, from the endpoint's own declaration (its `access` and,
 * for an administrator's endpoint, its `permission`) and the session's permissions: the same rule the
 * API applies, so the console shows an action only where the call would be let through. A sign-in's
 * answer may come without permissions until the session is read again: an administrator is then shown
 * what any administrator may do, and the API still decides.
 */
export function canCall(user: Pick<SessionUser, 'isAdmin' | 'permissions'>, endpoint: EndpointDef): boolean {
  if (endpoint.access !== 'admin') return true;
  if (!user.isAdmin) return false;
  return user.permissions ? user.permissions.includes(endpoint.permission) : true;
}

/** `can(endpoint)` for the signed-in user (inside the signed-in layout). */
export function useCan(): (endpoint: EndpointDef) => boolean {
  const user = useSessionUser();
  return (endpoint) => canCall(user, endpoint);
}
