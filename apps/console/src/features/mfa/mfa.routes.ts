import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const mfaRoutes: RouteObject[] = [
  {
    id: 'mfa.index',
    path: routes['mfa.index'],
    Component: lazy(() => import('./MfaDevicesPage').then((module) => ({ default: module.MfaDevicesPage }))),
  },
  {
    id: 'mfa.show',
    path: routes['mfa.show'],
    Component: lazy(() => import('./MfaDevicePage').then((module) => ({ default: module.MfaDevicePage }))),
  },
  {
    id: 'mfa.edit',
    path: routes['mfa.edit'],
    Component: lazy(() =>
      import('./MfaDeviceEditPage').then((module) => ({ default: module.MfaDeviceEditPage })),
    ),
  },
  {
    id: 'mfa.enrolment',
    path: routes['mfa.enrolment'],
    Component: lazy(() =>
      import('./enrolment/MfaEnrolmentPage').then((module) => ({ default: module.MfaEnrolmentPage })),
    ),
  },
];
