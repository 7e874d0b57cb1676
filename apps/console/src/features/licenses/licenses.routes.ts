import { createElement } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { productFromName } from '../../core/licenseProducts';
import { toLicenses } from '../../core/paths/links';
import { routes } from '../../core/paths/routes';

/** /licenses/{licenseName} (SPEC.md §2) opens that product's tab, e.g. /licenses/backup or /licenses/devops. */
function LicenseByName() {
  const { licenseName } = useParams();
  return createElement(Navigate, { to: toLicenses(productFromName(licenseName)), replace: true });
}

export const licensesRoutes: RouteObject[] = [
  {
    id: 'licenses.index',
    path: routes['licenses.index'],
    Component: lazyScreen(() => import('./LicensesPage').then((module) => module.LicensesPage)),
  },
  { id: 'licenses.show', path: `${routes['licenses.index']}/:licenseName`, Component: LicenseByName },
];
