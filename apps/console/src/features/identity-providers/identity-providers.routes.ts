import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const identityProvidersRoutes: RouteObject[] = [
  {
    id: 'identity-providers.index',
    path: routes['identity-providers.index'],
    Component: lazy(() =>
      import('./IdentityProvidersPage').then((module) => ({ default: module.IdentityProvidersPage })),
    ),
  },
  {
    id: 'identity-providers.create',
    path: routes['identity-providers.create'],
    Component: lazy(() =>
      import('./IdentityProviderCreatePage').then((module) => ({
        default: module.IdentityProviderCreatePage,
      })),
    ),
  },
  {
    id: 'identity-providers.show',
    path: routes['identity-providers.show'],
    Component: lazy(() =>
      import('./IdentityProviderPage').then((module) => ({ default: module.IdentityProviderPage })),
    ),
  },
  {
    id: 'identity-providers.edit',
    path: routes['identity-providers.edit'],
    Component: lazy(() =>
      import('./IdentityProviderEditPage').then((module) => ({ default: module.IdentityProviderEditPage })),
    ),
  },
];
