import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Puts the setup guide above the given screens: the landing screen of administrators (the licences),
 * the first screen a new organization sees.
 */
export const withSetupGuide = (children: RouteObject[]): RouteObject => ({
  id: 'setup-guide',
  Component: lazy(() =>
    import('./SetupGuideLayout').then((module) => ({ default: module.SetupGuideLayout })),
  ),
  children,
});
