import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const groupsRoutes: RouteObject[] = [
  {
    id: 'groups.index',
    path: routes['groups.index'],
    Component: lazyScreen(() => import('./GroupsPage').then((module) => module.GroupsPage)),
  },
  {
    id: 'groups.show',
    path: routes['groups.show'],
    Component: lazyScreen(() => import('./GroupPage').then((module) => module.GroupPage)),
  },
  {
    id: 'groups.edit',
    path: routes['groups.edit'],
    Component: lazyScreen(() => import('./GroupEditPage').then((module) => module.GroupEditPage)),
  },
];
