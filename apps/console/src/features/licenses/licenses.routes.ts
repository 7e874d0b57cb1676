import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The Licenses screen. */
export const toLicenses = (): string => routes['licenses.index'];

export const licensesRoutes: RouteObject[] = [
  {
    id: 'licenses.index',
    path: routes['licenses.index'],
    Component: lazy(() => import('./LicensesPage').then((module) => ({ default: module.LicensesPage }))),
  },
];
