import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const storagesRoutes: RouteObject[] = [
  {
    id: 'storages.index',
    path: routes['storages.index'],
    Component: lazyScreen(() => import('./StoragesPage').then((module) => module.StoragesPage)),
  },
  {
    id: 'storages.show',
    path: routes['storages.show'],
    Component: lazyScreen(() => import('./StoragePage').then((module) => module.StoragePage)),
  },
];
