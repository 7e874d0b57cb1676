import type { RouteObject } from 'react-router';
import { firstPageRead } from '../../components/screens/firstPageRead';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';
import { mfaDevicesQuery } from './mfa.queries';

export const mfaRoutes: RouteObject[] = [
  {
    handle: firstPageRead(mfaDevicesQuery),
    id: 'mfa.index',
    path: routes['mfa.index'],
    Component: lazyScreen(() => import('./MfaDevicesPage').then((module) => module.MfaDevicesPage)),
  },
  {
    id: 'mfa.show',
    path: routes['mfa.show'],
    Component: lazyScreen(() => import('./MfaDevicePage').then((module) => module.MfaDevicePage)),
  },
  {
    id: 'mfa.edit',
    path: routes['mfa.edit'],
    Component: lazyScreen(() => import('./MfaDeviceEditPage').then((module) => module.MfaDeviceEditPage)),
  },
  {
    id: 'mfa.enrolment',
    path: routes['mfa.enrolment'],
    Component: lazyScreen(() =>
      import('./enrolment/MfaEnrolmentPage').then((module) => module.MfaEnrolmentPage),
    ),
  },
];
