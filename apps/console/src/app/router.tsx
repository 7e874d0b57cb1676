import { lazy } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { routes } from '../core/paths/routes';
import { RequireAdmin, RequireService } from '../core/session/guards';
import { applicationsRoutes } from '../features/applications/applications.routes';
import { authRoutes } from '../features/auth/auth.routes';
import { connectionsRoutes } from '../features/connections/connections.routes';
import { groupsRoutes } from '../features/groups/groups.routes';
import { identityProvidersRoutes } from '../features/identity-providers/identity-providers.routes';
import { ipRangesRoutes } from '../features/ip-ranges/ip-ranges.routes';
import { licensesRoutes } from '../features/licenses/licenses.routes';
import { mfaRoutes } from '../features/mfa/mfa.routes';
import { rolesRoutes } from '../features/roles/roles.routes';
import { sessionsRoutes } from '../features/sessions/sessions.routes';
import { storagesRoutes } from '../features/storages/storages.routes';
import { tenantsRoutes } from '../features/tenants/tenants.routes';
import { usersRoutes } from '../features/users/users.routes';
import { PublicLayout } from './layout/PublicLayout';
import { ScreenBoundary } from './layout/ScreenBoundary';

/**
 * The console's route tree. Each feature owns its routes (paths from core/paths, pages lazy-loaded);
 * this file only decides where they sit: public or signed in, and who may open them.
 */
/**
 * The signed-in shell (top bar, sidebar, drawers) loads with the first signed-in screen, not with the
 * login page: a visitor who has not signed in never downloads it.
 */
const AppLayout = lazy(() => import('./layout/AppLayout').then((module) => ({ default: module.AppLayout })));

export const appRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [...authRoutes, ...tenantsRoutes],
  },
  {
    path: routes.home,
    element: (
      <ScreenBoundary resetKey="shell">
        <AppLayout />
      </ScreenBoundary>
    ),
    children: [
      { index: true, element: <Navigate to={routes['licenses.index']} replace /> },
      {
        element: <RequireAdmin />,
        children: [
          ...licensesRoutes,
          ...usersRoutes,
          ...rolesRoutes,
          ...groupsRoutes,
          ...connectionsRoutes,
          { element: <RequireService service="backup" />, children: storagesRoutes },
          ...applicationsRoutes,
          ...identityProvidersRoutes,
          ...ipRangesRoutes,
        ],
      },
      // The one screen of non-administrators (SPEC.md §6), and everyone's own sessions.
      ...mfaRoutes,
      ...sessionsRoutes,
      {
        path: '*',
        Component: lazy(() => import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage }))),
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
