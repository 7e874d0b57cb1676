import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Connections screen. */
export const toConnections = (): string => routes['connections.index'];

export const connectionsRoutes: RouteObject[] = [
  {
    id: 'connections.index',
    path: routes['connections.index'],
    Component: lazy(() =>
      import('./ConnectionsPage').then((module) => ({ default: module.ConnectionsPage })),
    ),
  },
];
