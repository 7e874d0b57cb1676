import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const ipRangesRoutes: RouteObject[] = [
  {
    id: 'ip-ranges.index',
    path: routes['ip-ranges.index'],
    Component: lazy(() =>
      import('./NetworkAccessPage').then((module) => ({ default: module.NetworkAccessPage })),
    ),
  },
  {
    id: 'ip-ranges.show',
    path: routes['ip-ranges.show'],
    Component: lazy(() => import('./IpRangePage').then((module) => ({ default: module.IpRangePage }))),
  },
];
