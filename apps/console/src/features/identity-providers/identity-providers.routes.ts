import type { RouteObject } from 'react-router';
import { firstPageRead } from '../../components/screens/firstPageRead';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';
import { identityProvidersQuery } from './identity-providers.queries';

export const identityProvidersRoutes: RouteObject[] = [
  {
    handle: firstPageRead(identityProvidersQuery),
    id: 'identity-providers.index',
    path: routes['identity-providers.index'],
    Component: lazyScreen(() =>
      import('./IdentityProvidersPage').then((module) => module.IdentityProvidersPage),
    ),
  },
  {
    id: 'identity-providers.create',
    path: routes['identity-providers.create'],
    Component: lazyScreen(() =>
      import('./IdentityProviderCreatePage').then((module) => module.IdentityProviderCreatePage),
    ),
  },
  {
    id: 'identity-providers.show',
    path: routes['identity-providers.show'],
    Component: lazyScreen(() =>
      import('./IdentityProviderPage').then((module) => module.IdentityProviderPage),
    ),
  },
  {
    id: 'identity-providers.edit',
    path: routes['identity-providers.edit'],
    Component: lazyScreen(() =>
      import('./IdentityProviderEditPage').then((module) => module.IdentityProviderEditPage),
    ),
  },
  {
    id: 'identity-providers.test-result',
    path: routes['identity-providers.test-result'],
    Component: lazyScreen(() => import('./SamlTestResultPage').then((module) => module.SamlTestResultPage)),
  },
];
