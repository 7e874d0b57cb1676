import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const authPolicyRoutes: RouteObject[] = [
  {
    id: 'auth-policy.index',
    path: routes['auth-policy.index'],
    Component: lazyScreen(() => import('./AuthPolicyPage').then((module) => module.AuthPolicyPage)),
  },
];
