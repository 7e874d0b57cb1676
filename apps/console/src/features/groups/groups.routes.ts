import { lazy } from 'react';
import { generatePath, type RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Groups screen. */
export const toGroups = (): string => routes['groups.index'];
/** One group's details (SPEC.md §2: /groups/{groupId}); the users screens link their groups here. */
export const toGroup = (groupId: string): string => generatePath(routes['groups.show'], { groupId });
export const toGroupEdit = (groupId: string): string => generatePath(routes['groups.edit'], { groupId });

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
