import type { RouteObject } from 'react-router';
import { firstPageRead } from '../../components/screens/firstPageRead';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';
import { rolesQuery } from './roles.queries';

export const rolesRoutes: RouteObject[] = [
  {
    handle: firstPageRead(rolesQuery),
    id: 'roles.index',
    path: routes['roles.index'],
    Component: lazyScreen(() => import('./RolesPage').then((module) => module.RolesPage)),
  },
  {
    id: 'roles.create',
    path: routes['roles.create'],
    Component: lazyScreen(() => import('./RoleCreatePage').then((module) => module.RoleCreatePage)),
  },
  {
    id: 'roles.show',
    path: routes['roles.show'],
    Component: lazyScreen(() => import('./RolePage').then((module) => module.RolePage)),
  },
  {
    id: 'roles.edit',
    path: routes['roles.edit'],
    Component: lazyScreen(() => import('./RoleEditPage').then((module) => module.RoleEditPage)),
  },
];
