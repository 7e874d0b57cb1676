import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const ipRangesRoutes: RouteObject[] = [
  {
    id: 'ip-ranges.index',
    path: routes['ip-ranges.index'],
    Component: lazyScreen(() => import('./NetworkAccessPage').then((module) => module.NetworkAccessPage)),
  },
  {
    id: 'ip-ranges.show',
    path: routes['ip-ranges.show'],
    Component: lazyScreen(() => import('./IpRangePage').then((module) => module.IpRangePage)),
  },
];
