import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const tenantsRoutes: RouteObject[] = [
  {
    id: 'tenants.new',
    path: routes['tenants.new'],
    Component: lazy(() => import('./SignUpPage').then((module) => ({ default: module.SignUpPage }))),
  },
  {
    id: 'tenants.wait-verification',
    path: routes['tenants.wait-verification'],
    Component: lazy(() =>
      import('./WaitVerificationPage').then((module) => ({ default: module.WaitVerificationPage })),
    ),
  },
  {
    id: 'tenants.verify',
    path: routes['tenants.verify'],
    Component: lazy(() =>
      import('./VerifyTenantPage').then((module) => ({ default: module.VerifyTenantPage })),
    ),
  },
];
