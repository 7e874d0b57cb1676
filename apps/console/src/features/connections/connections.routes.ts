import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const connectionsRoutes: RouteObject[] = [
  {
    id: 'connections.index',
    path: routes['connections.index'],
    Component: lazy(() =>
      import('./ConnectionsPage').then((module) => ({ default: module.ConnectionsPage })),
    ),
  },
  {
    id: 'connections.show',
    path: routes['connections.show'],
    Component: lazy(() => import('./ConnectionPage').then((module) => ({ default: module.ConnectionPage }))),
  },
];
