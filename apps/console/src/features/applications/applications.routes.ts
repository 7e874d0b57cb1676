import type { RouteObject } from 'react-router';
import { firstPageRead } from '../../components/screens/firstPageRead';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';
import { applicationsQuery } from './applications.queries';

export const applicationsRoutes: RouteObject[] = [
  {
    handle: firstPageRead(applicationsQuery),
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
