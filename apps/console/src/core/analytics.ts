import { ANALYTICS_REFRESH_MS, type SessionUser } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import type { PostHog } from 'posthog-js-lite';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { analyticsQuery } from './system.queries';

/**
 * Loaded on demand: the analytics library is not part of the first load, and not loaded at all when off.
 * PostHog's lite client: the console needs identify, capture and reset, not the full library's surveys,
 * session recording and toolbar (which bring a second UI framework along).
 */
let client: Promise<PostHog> | undefined;

function loadAnalytics(token: string, host: string): Promise<PostHog> {
  client ??= import('posthog-js-lite').then(
    ({ default: PostHog }) =>
      new PostHog(token, {
        host,
        // SPEC.md §1: only identified users get a profile.
        personProfiles: 'identified_only',
        // Page views are captured on route changes below, one per screen.
        captureHistoryEvents: false,
      }),
  );
  return client;
}

const identify = (posthog: PostHog, user: SessionUser) =>
  posthog.identify(user.email, { email: user.email, tenant: user.tenant.name });

/** Forgets the signed-in user, so the next person on this browser is not counted as them. */
export function resetAnalytics(): void {
  void client?.then((posthog) => posthog.reset());
}

/**
 * Analytics for the signed-in console when the server enables it: identifies the user by e-mail with
 * the tenant name, refreshes that every ANALYTICS_REFRESH_MS, and sends a page view per route change.
 */
export function useAnalytics(user: SessionUser): void {
  const { data: config } = useQuery(analyticsQuery);
  const { pathname } = useLocation();
  const enabled = config?.isEnabled === true && config.token !== '';

  useEffect(() => {
    if (!enabled || !config) return;
    const posthog = loadAnalytics(config.token, config.host);
    void posthog.then((instance) => identify(instance, user));
    const timer = window.setInterval(() => {
      void posthog.then((instance) => identify(instance, user));
    }, ANALYTICS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [enabled, config, user]);

  useEffect(() => {
    if (!enabled || !config) return;
    // The pathname is the dependency: one page view per screen, not per query-string change.
    void loadAnalytics(config.token, config.host).then((posthog) =>
      posthog.capture('$pageview', { $pathname: pathname }),
    );
  }, [enabled, config, pathname]);
}
