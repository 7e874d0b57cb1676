import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const applicationsRoutes: RouteObject[] = [
  {
    id: 'applications.index',
    path: routes['applications.index'],
    Component: lazyScreen(() => import('./ConnectedAppsPage').then((module) => module.ConnectedAppsPage)),
  },
  {
    id: 'applications.show.index',
    path: routes['applications.show.index'],
    Component: lazyScreen(() => import('./ConnectedAppPage').then((module) => module.ConnectedAppPage)),
  },
  {
    id: 'applications.edit',
    path: routes['applications.edit'],
    Component: lazyScreen(() =>
      import('./ConnectedAppEditPage').then((module) => module.ConnectedAppEditPage),
    ),
  },
];
