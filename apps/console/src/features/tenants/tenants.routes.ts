import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** Sign-up of a new organization, and the screen that asks to verify the e-mail afterwards. */
export const toSignUp = (): string => routes['tenants.new'];
export const toWaitVerification = (): string => routes['tenants.wait-verification'];

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
];
