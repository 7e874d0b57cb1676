import { lazy } from 'react';
import { generatePath, type RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Network Access screen. */
export const toNetworkAccess = (): string => routes['ip-ranges.index'];
/** One permitted range's details (SPEC.md §2: /ip-ranges/{ipRangeId}). */
export const toIpRange = (ipRangeId: string): string => generatePath(routes['ip-ranges.show'], { ipRangeId });

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
