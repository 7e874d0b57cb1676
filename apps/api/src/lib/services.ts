import { SERVICE_KEYS, type ServiceKey } from '@skyvault/contract';

/** A tenant's stored services as the contract's keys, in the contract's order; others are left out. */
export const asServiceKeys = (values: readonly string[]): ServiceKey[] =>
  SERVICE_KEYS.filter((key) => values.includes(key));
