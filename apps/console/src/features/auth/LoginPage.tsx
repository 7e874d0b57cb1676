import { PublicCard } from '../../app/layout/PublicCard';

/**
 * /auth/login. The step-based sign-in of SPEC.md §2 goes here: on success it calls `setLoggedIn()`
 * (app/session/loggedInFlag) and navigates to `safeRedirectTarget(redirectTo)` or the licenses list.
 */
export function LoginPage() {
  return <PublicCard title="Log in" />;
}
