import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** The MFA Devices screen. */
export const toMfaDevices = (): string => routes['mfa.index'];

export const mfaRoutes: RouteObject[] = [
  {
    id: 'mfa.index',
    path: routes['mfa.index'],
    Component: lazy(() => import('./MfaDevicesPage').then((module) => ({ default: module.MfaDevicesPage }))),
  },
];
