import {
  APP_SWITCHER_UNKNOWN_SERVICE,
  type AppLinks,
  SERVICE_KEYS,
  type ServiceKey,
} from '@skyvault/contract';

const isServiceKey = (key: string): key is ServiceKey => (SERVICE_KEYS as readonly string[]).includes(key);

/**
 * Opens another service of the tenant in a new window (SPEC.md §1). A key that is not a service, or a
 * service without a link, is a programming error, not a user's: it throws.
 */
export function openService(key: string, links: AppLinks): void {
  const url = isServiceKey(key) ? links[key] : undefined;
  if (!url) throw new Error(APP_SWITCHER_UNKNOWN_SERVICE);
  // noopener: the service's page gets no handle on the console's window.
  window.open(url, '_blank', 'noopener');
}
