import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const rolesRoutes: RouteObject[] = [
  {
    id: 'roles.index',
    path: routes['roles.index'],
    Component: lazy(() => import('./RolesPage').then((module) => ({ default: module.RolesPage }))),
  },
  {
    id: 'roles.create',
    path: routes['roles.create'],
    Component: lazy(() => import('./RoleCreatePage').then((module) => ({ default: module.RoleCreatePage }))),
  },
  {
    id: 'roles.show',
    path: routes['roles.show'],
    Component: lazy(() => import('./RolePage').then((module) => ({ default: module.RolePage }))),
  },
  {
    id: 'roles.edit',
    path: routes['roles.edit'],
    Component: lazy(() => import('./RoleEditPage').then((module) => ({ default: module.RoleEditPage }))),
  },
];
