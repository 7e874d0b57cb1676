import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Identity Providers screen. */
export const toIdentityProviders = (): string => routes['identity-providers.index'];

export const identityProvidersRoutes: RouteObject[] = [
  {
    id: 'identity-providers.index',
    path: routes['identity-providers.index'],
    Component: lazy(() =>
      import('./IdentityProvidersPage').then((module) => ({ default: module.IdentityProvidersPage })),
    ),
  },
];
