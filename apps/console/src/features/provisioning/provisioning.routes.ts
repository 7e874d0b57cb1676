import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const provisioningRoutes: RouteObject[] = [
  {
    id: 'provisioning.index',
    path: routes['provisioning.index'],
    Component: lazyScreen(() => import('./ProvisioningPage').then((module) => module.ProvisioningPage)),
  },
];
