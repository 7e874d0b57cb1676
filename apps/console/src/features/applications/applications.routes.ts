import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const applicationsRoutes: RouteObject[] = [
  {
    id: 'applications.index',
    path: routes['applications.index'],
    Component: lazy(() =>
      import('./ConnectedAppsPage').then((module) => ({ default: module.ConnectedAppsPage })),
    ),
  },
  {
    id: 'applications.show.index',
    path: routes['applications.show.index'],
    Component: lazy(() =>
      import('./ConnectedAppPage').then((module) => ({ default: module.ConnectedAppPage })),
    ),
  },
  {
    id: 'applications.edit',
    path: routes['applications.edit'],
    Component: lazy(() =>
      import('./ConnectedAppEditPage').then((module) => ({ default: module.ConnectedAppEditPage })),
    ),
  },
];
