import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

/** "My sessions": every signed-in user's, administrator or not. */
export const sessionsRoutes: RouteObject[] = [
  {
    id: 'sessions.mine',
    path: routes['sessions.mine'],
    Component: lazy(() => import('./MySessionsPage').then((module) => ({ default: module.MySessionsPage }))),
  },
];
