import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const auditRoutes: RouteObject[] = [
  {
    id: 'audit.index',
    path: routes['audit.index'],
    Component: lazyScreen(() => import('./AuditLogPage').then((module) => module.AuditLogPage)),
  },
];
