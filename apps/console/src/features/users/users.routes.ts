import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const usersRoutes: RouteObject[] = [
  {
    id: 'users.index',
    path: routes['users.index'],
    Component: lazyScreen(() => import('./UsersPage').then((module) => module.UsersPage)),
  },
  {
    id: 'users.show',
    path: routes['users.show'],
    Component: lazyScreen(() => import('./UserPage').then((module) => module.UserPage)),
  },
];
