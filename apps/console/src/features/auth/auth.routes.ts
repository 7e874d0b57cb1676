import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const authRoutes: RouteObject[] = [
  {
    id: 'auth.login',
    path: routes['auth.login'],
    Component: lazyScreen(() => import('./LoginPage').then((module) => module.LoginPage)),
  },
  {
    id: 'auth.change-password',
    path: routes['auth.change-password'],
    Component: lazyScreen(() => import('./ChangePasswordPage').then((module) => module.ChangePasswordPage)),
  },
  {
    id: 'auth.confirm-email',
    path: routes['auth.confirm-email'],
    Component: lazyScreen(() => import('./ConfirmEmailPage').then((module) => module.ConfirmEmailPage)),
  },
  {
    id: 'auth.insufficient-access',
    path: routes['auth.insufficient-access'],
    Component: lazyScreen(() =>
      import('./InsufficientAccessPage').then((module) => module.InsufficientAccessPage),
    ),
  },
];
