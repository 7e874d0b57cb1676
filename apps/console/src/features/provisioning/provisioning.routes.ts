import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const provisioningRoutes: RouteObject[] = [
  {
    id: 'provisioning.index',
    path: routes['provisioning.index'],
    Component: lazy(() =>
      import('./ProvisioningPage').then((module) => ({ default: module.ProvisioningPage })),
    ),
  },
];
