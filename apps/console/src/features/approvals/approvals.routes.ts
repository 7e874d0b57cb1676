import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';

export const approvalsRoutes: RouteObject[] = [
  {
    id: 'approvals.index',
    path: routes['approvals.index'],
    Component: lazyScreen(() => import('./ApprovalsPage').then((module) => module.ApprovalsPage)),
  },
  {
    id: 'approvals.settings',
    path: routes['approvals.settings'],
    Component: lazyScreen(() =>
      import('./ApprovalSettingsPage').then((module) => module.ApprovalSettingsPage),
    ),
  },
];
