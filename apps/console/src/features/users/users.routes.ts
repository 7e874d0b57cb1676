import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Users screen. */
export const toUsers = (): string => routes['users.index'];

export const usersRoutes: RouteObject[] = [
  {
    id: 'users.index',
    path: routes['users.index'],
    Component: lazy(() => import('./UsersPage').then((module) => ({ default: module.UsersPage }))),
  },
];
