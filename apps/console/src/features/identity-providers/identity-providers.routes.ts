import { lazy } from 'react';
import { generatePath, type RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** Identity Providers: the tenant's external sign-in providers (SPEC.md §2). */
export const toIdentityProviders = (): string => routes['identity-providers.index'];
export const toIdentityProviderCreate = (): string => routes['identity-providers.create'];
export const toIdentityProvider = (identityProviderId: string): string =>
  generatePath(routes['identity-providers.show'], { identityProviderId });
export const toIdentityProviderEdit = (identityProviderId: string): string =>
  generatePath(routes['identity-providers.edit'], { identityProviderId });

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
