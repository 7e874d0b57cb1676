import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Groups screen. */
export const toGroups = (): string => routes['groups.index'];

export const groupsRoutes: RouteObject[] = [
  {
    id: 'groups.index',
    path: routes['groups.index'],
    Component: lazy(() => import('./GroupsPage').then((module) => ({ default: module.GroupsPage }))),
  },
];
