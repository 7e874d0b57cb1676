import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { lazyScreen, preloadMatches } from '../core/lazyScreen';
import { startSessionCheck } from '../core/session/session.queries';
import { authRoutes } from '../features/auth/auth.routes';
import { tenantsRoutes } from '../features/tenants/tenants.routes';
import { PublicLayout } from './layout/PublicLayout';
import { ScreenBoundary } from './layout/ScreenBoundary';

/**
 * The console's route tree. Each feature owns its routes (paths from core/paths, pages lazy-loaded);
 * this file and signedInRoutes.tsx only decide where they sit: public or signed in, and who may open them.
 */
const publicRoutes: RouteObject[] = [
  { element: <PublicLayout />, children: [...authRoutes, ...tenantsRoutes] },
];

/**
 * The signed-in screens' routes and their shell (top bar, sidebar, drawers) load with the first
 * signed-in screen, not with the login page: a visitor who has not signed in never downloads them.
 * Every path that no public route takes is theirs, matched there (the signed-in shell answers an
 * unknown address with its not-found screen, after the session check).
 */
let signedInModule: Promise<typeof import('./signedInRoutes')> | undefined;
const loadSignedIn = () => {
  signedInModule ??= import('./signedInRoutes');
  return signedInModule;
};
const SignedInRoutes = lazyScreen(() => loadSignedIn().then((module) => module.SignedInRoutes));

export const appRoutes: RouteObject[] = [
  ...publicRoutes,
  {
    path: '*',
    element: (
      <ScreenBoundary resetKey="shell">
        <SignedInRoutes />
      </ScreenBoundary>
    ),
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * What the address the console opens on needs before its first render, all at once instead of one
 * after the other: its screen's code, and for a signed-in address the shell's code, the session check
 * and, once the session is known, the screen's first read (its route's `earlyRead`). A cold open (a
 * reload, a deep link, a link in an e-mail) then draws the shell and the screen with its rows in one
 * render.
 */
export function preloadScreen({ pathname, search }: { pathname: string; search: string }): Promise<void> {
  if (matchRoutes(publicRoutes, pathname)) return preloadMatches(publicRoutes, pathname);
  const session = startSessionCheck();
  const routeTable = loadSignedIn();
  const code = Promise.all([SignedInRoutes.preload(), routeTable]).then(
    ([, module]) => module.preloadScreen(pathname),
    () => undefined,
  );
  const data = Promise.all([session, routeTable]).then(
    ([user, module]) => (user ? module.readEarly(pathname, search) : undefined),
    () => undefined,
  );
  // The session answers long before the code has loaded, and the first read soon after it.
  return Promise.all([code, data]).then(() => undefined);
}
