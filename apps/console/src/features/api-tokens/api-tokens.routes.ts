import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const apiTokensRoutes: RouteObject[] = [
  {
    id: 'api-tokens.index',
    path: routes['api-tokens.index'],
    Component: lazy(() => import('./ApiTokensPage').then((module) => ({ default: module.ApiTokensPage }))),
  },
];
