import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** Login, optionally coming back to `redirectTo` (a console path) once signed in. */
export const toLogin = (options: { redirectTo?: string; authorized?: boolean } = {}): string =>
  withQuery(routes['auth.login'], {
    redirectTo: options.redirectTo,
    authorized: options.authorized ? 'true' : undefined,
  });

/** The forced password change of SPEC.md §8, with the code the API answered. */
export const toChangePassword = (options: { code: string; redirectTo?: string }): string =>
  withQuery(routes['auth.change-password'], { code: options.code, redirectTo: options.redirectTo });

/**
 * The `redirectTo` target if it is a path of this console, otherwise undefined. An absolute or
 * protocol-relative URL would turn the login page into an open redirect.
 */
export function safeRedirectTarget(redirectTo: string | null | undefined): string | undefined {
  if (!redirectTo?.startsWith('/') || redirectTo.startsWith('//') || redirectTo.startsWith('/\\')) {
    return undefined;
  }
  return redirectTo;
}

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
    id: 'auth.insufficient-access',
    path: routes['auth.insufficient-access'],
    Component: lazy(() =>
      import('./InsufficientAccessPage').then((module) => ({ default: module.InsufficientAccessPage })),
    ),
  },
];
