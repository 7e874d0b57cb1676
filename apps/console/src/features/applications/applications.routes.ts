import { lazy } from 'react';
import { generatePath, type RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** Connected Apps: the OAuth clients of SPEC.md §2. */
export const toConnectedApps = (): string => routes['applications.index'];
export const toConnectedApp = (applicationId: string): string =>
  generatePath(routes['applications.show.index'], { applicationId });
export const toConnectedAppEdit = (applicationId: string): string =>
  generatePath(routes['applications.edit'], { applicationId });

export const applicationsRoutes: RouteObject[] = [
  {
    id: 'applications.index',
    path: routes['applications.index'],
    Component: lazy(() =>
      import('./ConnectedAppsPage').then((module) => ({ default: module.ConnectedAppsPage })),
    ),
  },
  {
    id: 'applications.show.index',
    path: routes['applications.show.index'],
    Component: lazy(() =>
      import('./ConnectedAppPage').then((module) => ({ default: module.ConnectedAppPage })),
    ),
  },
  {
    id: 'applications.edit',
    path: routes['applications.edit'],
    Component: lazy(() =>
      import('./ConnectedAppEditPage').then((module) => ({ default: module.ConnectedAppEditPage })),
    ),
  },
];
