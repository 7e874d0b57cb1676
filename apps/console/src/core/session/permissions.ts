import { ADMIN_ROLE_MESSAGES, type EndpointDef, type SessionUser } from '@skyvault/contract';
import { useSessionUser } from './SessionContext';

/**
 * Whether the signed-in user may make this call, from the endpoint's own declaration (its `access` and,
 * for an administrator's endpoint, its `permission`) and the session's permissions: the same rule the
 * API applies, so the console shows an action only where the call would be let through. A sign-in's
 * answer may come without permissions until the session is read again: an administrator is then shown
 * what any administrator may do, and the API still decides.
 */
export function canCall(
  user: Pick<SessionUser, 'isAdmin' | 'permissions' | 'support'>,
  endpoint: EndpointDef,
): boolean {
  // A support session changes only what its grant names, never a person's own account or credentials.
  if (user.support && endpoint.method !== 'GET' && (endpoint.access !== 'admin' || endpoint.sessionOnly))
    return false;
  if (endpoint.access !== 'admin') return true;
  if (!user.isAdmin) return false;
  return user.permissions ? user.permissions.includes(endpoint.permission) : true;
}

/** `can(endpoint)` for the signed-in user (inside the signed-in layout). */
export function useCan(): (endpoint: EndpointDef) => boolean {
  const user = useSessionUser();
  return (endpoint) => canCall(user, endpoint);
}

/**
 * Why a control is shown but not usable: the permission its call needs, in the words of the API's
 * refusal. For a control whose absence would puzzle (a form's switch, a card's only button).
 */
export const missingPermissionOf = (endpoint: EndpointDef): string =>
  endpoint.access === 'admin' ? ADMIN_ROLE_MESSAGES.missingPermission(endpoint.permission) : '';
