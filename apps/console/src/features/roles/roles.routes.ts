import type { ServiceKey } from '@skyvault/contract';
import { lazy } from 'react';
import { generatePath, type RouteObject } from 'react-router';
import { routes } from '../../app/routes';
import { LICENSE_TAB_NAMES } from '../licenses/licenseProducts';

/** The tab of a product in the URL (?tab=backup or ?tab=devops), as the Licenses screen names it. */
const withTab = (path: string, product?: ServiceKey) =>
  product ? `${path}?tab=${LICENSE_TAB_NAMES[product]}` : path;

export const toRoles = (): string => routes['roles.index'];
export const toRoleCreate = (): string => routes['roles.create'];
export const toRole = (roleId: string, product?: ServiceKey): string =>
  withTab(generatePath(routes['roles.show'], { roleId }), product);
export const toRoleEdit = (roleId: string, product?: ServiceKey): string =>
  withTab(generatePath(routes['roles.edit'], { roleId }), product);

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
