import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const tenantsRoutes: RouteObject[] = [
  {
    id: 'tenants.new',
    path: routes['tenants.new'],
    Component: lazyScreen(() => import('./SignUpPage').then((module) => module.SignUpPage)),
  },
  {
    id: 'tenants.wait-verification',
    path: routes['tenants.wait-verification'],
    Component: lazyScreen(() =>
      import('./WaitVerificationPage').then((module) => module.WaitVerificationPage),
    ),
  },
  {
    id: 'tenants.verify',
    path: routes['tenants.verify'],
    Component: lazyScreen(() => import('./VerifyTenantPage').then((module) => module.VerifyTenantPage)),
  },
];
