import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const storagesRoutes: RouteObject[] = [
  {
    id: 'storages.index',
    path: routes['storages.index'],
    Component: lazy(() => import('./StoragesPage').then((module) => ({ default: module.StoragesPage }))),
  },
];
