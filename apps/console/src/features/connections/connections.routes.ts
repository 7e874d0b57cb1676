import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const connectionsRoutes: RouteObject[] = [
  {
    id: 'connections.index',
    path: routes['connections.index'],
    Component: lazyScreen(() => import('./ConnectionsPage').then((module) => module.ConnectionsPage)),
  },
  {
    id: 'connections.show',
    path: routes['connections.show'],
    Component: lazyScreen(() => import('./ConnectionPage').then((module) => module.ConnectionPage)),
  },
];
