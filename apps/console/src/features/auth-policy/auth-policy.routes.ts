import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const authPolicyRoutes: RouteObject[] = [
  {
    id: 'auth-policy.index',
    path: routes['auth-policy.index'],
    Component: lazy(() => import('./AuthPolicyPage').then((module) => ({ default: module.AuthPolicyPage }))),
  },
];
