import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { routes } from '../../core/paths/routes';

export const webhooksRoutes: RouteObject[] = [
  {
    id: 'webhooks.index',
    path: routes['webhooks.index'],
    Component: lazy(() => import('./WebhooksPage').then((module) => ({ default: module.WebhooksPage }))),
  },
  {
    id: 'webhooks.show',
    path: routes['webhooks.show'],
    Component: lazy(() => import('./WebhookPage').then((module) => ({ default: module.WebhookPage }))),
  },
];
