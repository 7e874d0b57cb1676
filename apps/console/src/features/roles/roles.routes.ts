import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Roles screen. */
export const toRoles = (): string => routes['roles.index'];

export const rolesRoutes: RouteObject[] = [
  {
    id: 'roles.index',
    path: routes['roles.index'],
    Component: lazy(() => import('./RolesPage').then((module) => ({ default: module.RolesPage }))),
  },
];
