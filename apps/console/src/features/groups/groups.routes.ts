import type { RouteObject } from 'react-router';
import { firstPageRead } from '../../components/screens/firstPageRead';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';
import { groupsQuery } from './groups.queries';

export const groupsRoutes: RouteObject[] = [
  {
    handle: firstPageRead(groupsQuery),
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
