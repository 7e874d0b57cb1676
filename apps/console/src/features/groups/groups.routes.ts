import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const groupsRoutes: RouteObject[] = [
  {
    id: 'groups.index',
    path: routes['groups.index'],
    Component: lazy(() => import('./GroupsPage').then((module) => ({ default: module.GroupsPage }))),
  },
  {
    id: 'groups.show',
    path: routes['groups.show'],
    Component: lazy(() => import('./GroupPage').then((module) => ({ default: module.GroupPage }))),
  },
  {
    id: 'groups.edit',
    path: routes['groups.edit'],
    Component: lazy(() => import('./GroupEditPage').then((module) => ({ default: module.GroupEditPage }))),
  },
];
