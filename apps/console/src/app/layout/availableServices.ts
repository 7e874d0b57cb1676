import { type AppLinks, SERVICE_KEYS, type ServiceKey } from '@skyvault/contract';

/** The services the switcher offers: those the tenant has a link for, in the contract's order. */
export const availableServices = (links: AppLinks): ServiceKey[] => SERVICE_KEYS.filter((key) => links[key]);
