import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

/** "My sessions": every signed-in user's, administrator or not. */
export const sessionsRoutes: RouteObject[] = [
  {
    id: 'sessions.mine',
    path: routes['sessions.mine'],
    Component: lazyScreen(() => import('./MySessionsPage').then((module) => module.MySessionsPage)),
  },
];
