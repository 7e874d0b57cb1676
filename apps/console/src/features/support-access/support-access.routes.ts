import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const supportAccessRoutes: RouteObject[] = [
  {
    id: 'support-access.index',
    path: routes['support-access.index'],
    Component: lazyScreen(() => import('./SupportAccessPage').then((module) => module.SupportAccessPage)),
  },
];
