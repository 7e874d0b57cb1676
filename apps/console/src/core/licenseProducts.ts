import { LICENSE_SERVICE_BY_PRODUCT, SERVICE_KEYS, type ServiceKey } from '@skyvault/contract';

/** How a product's tab is named in the URL (/licenses?tab=backup, /licenses/devops). */
export const LICENSE_TAB_NAMES: Record<ServiceKey, string> = { backup: 'backup', devOps: 'devops' };

/**
 * The product a tab or licence name stands for: its tab name, its service key or its licence service
 * (Dbr, Devops), in any letter case; undefined for anything else.
 */
export function productFromName(name: string | null | undefined): ServiceKey | undefined {
  const wanted = name?.toLowerCase();
  if (!wanted) return undefined;
  return SERVICE_KEYS.find((key) =>
    [LICENSE_TAB_NAMES[key], key, LICENSE_SERVICE_BY_PRODUCT[key]].some(
      (known) => known.toLowerCase() === wanted,
    ),
  );
}

/** The tenant's products in the contract's order: a tab each. */
export const enabledProducts = (services: readonly string[]): ServiceKey[] =>
  SERVICE_KEYS.filter((key) => services.includes(key));
