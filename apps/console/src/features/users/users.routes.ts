import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const usersRoutes: RouteObject[] = [
  {
    id: 'users.index',
    path: routes['users.index'],
    Component: lazy(() => import('./UsersPage').then((module) => ({ default: module.UsersPage }))),
  },
  {
    id: 'users.show',
    path: routes['users.show'],
    Component: lazy(() => import('./UserPage').then((module) => ({ default: module.UserPage }))),
  },
];
