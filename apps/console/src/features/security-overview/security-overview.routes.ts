import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const securityOverviewRoutes: RouteObject[] = [
  {
    id: 'security-overview.index',
    path: routes['security-overview.index'],
    Component: lazyScreen(() =>
      import('./SecurityOverviewPage').then((module) => module.SecurityOverviewPage),
    ),
  },
];
