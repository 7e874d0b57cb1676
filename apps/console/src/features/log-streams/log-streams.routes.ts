import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const logStreamsRoutes: RouteObject[] = [
  {
    id: 'log-streams.index',
    path: routes['log-streams.index'],
    Component: lazyScreen(() => import('./LogStreamsPage').then((module) => module.LogStreamsPage)),
  },
];
