import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Network Access screen. */
export const toNetworkAccess = (): string => routes['ip-ranges.index'];

export const ipRangesRoutes: RouteObject[] = [
  {
    id: 'ip-ranges.index',
    path: routes['ip-ranges.index'],
    Component: lazy(() =>
      import('./NetworkAccessPage').then((module) => ({ default: module.NetworkAccessPage })),
    ),
  },
];
