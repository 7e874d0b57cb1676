import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const webhooksRoutes: RouteObject[] = [
  {
    id: 'webhooks.index',
    path: routes['webhooks.index'],
    Component: lazyScreen(() => import('./WebhooksPage').then((module) => module.WebhooksPage)),
  },
  {
    id: 'webhooks.show',
    path: routes['webhooks.show'],
    Component: lazyScreen(() => import('./WebhookPage').then((module) => module.WebhookPage)),
  },
];
