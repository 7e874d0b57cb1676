import type { ServiceKey } from '@skyvault/contract';
import { createElement, lazy } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { routes } from '../../app/routes';
import { LICENSE_TAB_NAMES, productFromName } from './licenseProducts';

/** The Licenses screen, on the tab of one product (the first enabled one when none is given). */
export const toLicenses = (product?: ServiceKey): string =>
  product ? `${routes['licenses.index']}?tab=${LICENSE_TAB_NAMES[product]}` : routes['licenses.index'];

/** /licenses/{licenseName} (SPEC.md §2) opens that product's tab, e.g. /licenses/backup or /licenses/devops. */
function LicenseByName() {
  const { licenseName } = useParams();
  return createElement(Navigate, { to: toLicenses(productFromName(licenseName)), replace: true });
}

export const licensesRoutes: RouteObject[] = [
  {
    id: 'licenses.index',
    path: routes['licenses.index'],
    Component: lazy(() => import('./LicensesPage').then((module) => ({ default: module.LicensesPage }))),
  },
  { id: 'licenses.show', path: `${routes['licenses.index']}/:licenseName`, Component: LicenseByName },
];
