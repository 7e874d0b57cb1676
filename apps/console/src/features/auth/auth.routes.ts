import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export interface LoginLinkOptions {
  /** Where to go once signed in (a console path, see safeRedirectTarget). */
  redirectTo?: string;
  /** Shows 'Please log in to continue.' above the form. */
  authorized?: boolean;
  /** Prefills the credential flow, e.g. right after an organization was verified. */
  tenantName?: string;
  email?: string;
}

/** Login, optionally coming back to `redirectTo` (a console path) once signed in. */
export const toLogin = (options: LoginLinkOptions = {}): string =>
  withQuery(routes['auth.login'], {
    redirectTo: options.redirectTo,
    authorized: options.authorized ? 'true' : undefined,
    tenantName: options.tenantName,
    email: options.email,
  });

/** The forced password change of SPEC.md §8, with the code the API answered. */
export const toChangePassword = (options: { code: string; redirectTo?: string }): string =>
  withQuery(routes['auth.change-password'], { code: options.code, redirectTo: options.redirectTo });

/**
 * Browsers drop tabs and line breaks from URLs and read '\\' as '/', so '/\t/evil.example' would mean
 * '//evil.example'.
 */
const isUrlConfusable = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return char === '\\' || code < 0x20 || code === 0x7f;
};

/**
 * The `redirectTo` target if it is a path of this site, otherwise undefined. An absolute or
 * protocol-relative URL would turn the login page into an open redirect.
 */
export function safeRedirectTarget(redirectTo: string | null | undefined): string | undefined {
  if (!redirectTo?.startsWith('/') || redirectTo.startsWith('//') || [...redirectTo].some(isUrlConfusable)) {
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
