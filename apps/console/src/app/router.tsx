import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { authRoutes } from '../features/auth/auth.routes';
import { tenantsRoutes } from '../features/tenants/tenants.routes';
import { PublicLayout } from './layout/PublicLayout';
import { ScreenBoundary } from './layout/ScreenBoundary';

/**
 * The console's route tree. Each feature owns its routes (paths from core/paths, pages lazy-loaded);
 * this file and signedInRoutes.tsx only decide where they sit: public or signed in, and who may open them.
 */
/**
 * The signed-in screens' routes and their shell (top bar, sidebar, drawers) load with the first
 * signed-in screen, not with the login page: a visitor who has not signed in never downloads them.
 * Every path that no public route takes is theirs, matched there (the signed-in shell answers an
 * unknown address with its not-found screen, after the session check).
 */
const SignedInRoutes = lazy(() =>
  import('./signedInRoutes').then((module) => ({ default: module.SignedInRoutes })),
);

export const appRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [...authRoutes, ...tenantsRoutes],
  },
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
