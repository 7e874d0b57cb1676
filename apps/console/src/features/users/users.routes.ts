import { lazy } from 'react';
import { generatePath, type RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Users screen. */
export const toUsers = (): string => routes['users.index'];
/** One user's details (SPEC.md §2: /users/{userId}); other screens link their users here. */
export const toUser = (userId: string): string => generatePath(routes['users.show'], { userId });

export const usersRoutes: RouteObject[] = [
  {
    id: 'users.index',
    path: routes['users.index'],
    Component: lazy(() => import('./UsersPage').then((module) => ({ default: module.UsersPage }))),
  },
  {
    id: 'users.show',
    path: routes['users.show'],
    Component: lazy(() => import('./UserPage').then((module) => ({ default: module.UserPage }))),
  },
];
