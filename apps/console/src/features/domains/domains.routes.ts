import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const domainsRoutes: RouteObject[] = [
  {
    id: 'domains.index',
    path: routes['domains.index'],
    Component: lazyScreen(() => import('./DomainsPage').then((module) => module.DomainsPage)),
  },
];
