import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Puts the setup guide above the given screens: the landing screens of administrators (the licences,
 * and the security overview of Owners and Security administrators), the first a new organization sees.
 */
export const withSetupGuide = (children: RouteObject[]): RouteObject => ({
  id: 'setup-guide',
  Component: lazy(() =>
    import('./SetupGuideLayout').then((module) => ({ default: module.SetupGuideLayout })),
  ),
  children,
});
