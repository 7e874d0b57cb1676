import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const apiTokensRoutes: RouteObject[] = [
  {
    id: 'api-tokens.index',
    path: routes['api-tokens.index'],
    Component: lazyScreen(() => import('./ApiTokensPage').then((module) => module.ApiTokensPage)),
  },
];
