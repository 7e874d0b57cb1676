import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const auditRoutes: RouteObject[] = [
  {
    id: 'audit.index',
    path: routes['audit.index'],
    Component: lazy(() => import('./AuditLogPage').then((module) => ({ default: module.AuditLogPage }))),
  },
];
