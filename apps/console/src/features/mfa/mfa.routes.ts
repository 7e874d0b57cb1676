import { lazy } from 'react';
import { generatePath, type RouteObject } from 'react-router';
import { routes } from '../../app/routes';

/** MFA Devices: the signed-in user's own authenticator apps (SPEC.md §2). */
export const toMfaDevices = (): string => routes['mfa.index'];
export const toMfaDevice = (mfaId: string): string => generatePath(routes['mfa.show'], { mfaId });
export const toMfaDeviceEdit = (mfaId: string): string => generatePath(routes['mfa.edit'], { mfaId });

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
];
