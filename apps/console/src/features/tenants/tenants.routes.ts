import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** Sign-up of a new organization, the screen that asks to verify the e-mail, and the link's target. */
export const toSignUp = (): string => routes['tenants.new'];

/** The e-mail the verification went to, so the page can offer to send it again. */
export const toWaitVerification = (email?: string): string =>
  email
    ? `${routes['tenants.wait-verification']}?${new URLSearchParams({ email })}`
    : routes['tenants.wait-verification'];

export const tenantsRoutes: RouteObject[] = [
  {
    id: 'tenants.new',
    path: routes['tenants.new'],
    Component: lazy(() => import('./SignUpPage').then((module) => ({ default: module.SignUpPage }))),
  },
  {
    id: 'tenants.wait-verification',
    path: routes['tenants.wait-verification'],
    Component: lazy(() =>
      import('./WaitVerificationPage').then((module) => ({ default: module.WaitVerificationPage })),
    ),
  },
  {
    id: 'tenants.verify',
    path: routes['tenants.verify'],
    Component: lazy(() =>
      import('./VerifyTenantPage').then((module) => ({ default: module.VerifyTenantPage })),
    ),
  },
];
