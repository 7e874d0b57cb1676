import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const authRoutes: RouteObject[] = [
  {
    id: 'auth.login',
    path: routes['auth.login'],
    Component: lazy(() => import('./LoginPage').then((module) => ({ default: module.LoginPage }))),
  },
  {
    id: 'auth.change-password',
    path: routes['auth.change-password'],
    Component: lazy(() =>
      import('./ChangePasswordPage').then((module) => ({ default: module.ChangePasswordPage })),
    ),
  },
  {
    id: 'auth.confirm-email',
    path: routes['auth.confirm-email'],
    Component: lazy(() =>
      import('./ConfirmEmailPage').then((module) => ({ default: module.ConfirmEmailPage })),
    ),
  },
  {
    id: 'auth.insufficient-access',
    path: routes['auth.insufficient-access'],
    Component: lazy(() =>
      import('./InsufficientAccessPage').then((module) => ({ default: module.InsufficientAccessPage })),
    ),
  },
];
