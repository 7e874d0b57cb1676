import {
  LICENSE_LIMIT_NAMES,
  LICENSE_SERVICE_BY_PRODUCT,
  type ServiceKey,
  storageLimitInGb,
  TRIAL_DAYS,
  TRIAL_LICENSES,
} from '@skyvault/contract';

/** The badge of a trial licence, and the title of the trial offer (SPEC.md §2). */
export const TRIAL_TITLE = `${TRIAL_DAYS}-day FREE Trial`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A limit's value as the tables show it: storage in GB (held in MB), retention in years (SPEC.md §9). */
export function formatLimit(name: string, value: number): string {
  if (name === LICENSE_LIMIT_NAMES.storage) return `${storageLimitInGb(value)} GB`;
  if (name === LICENSE_LIMIT_NAMES.retention) return plural(value, 'year', 'years');
  return String(value);
}

/** One line of the trial offer for one limit of the trial. */
function featureOf(limit: { name: string; label: string; available: number }): string {
  switch (limit.name) {
    case LICENSE_LIMIT_NAMES.storage:
      return `${formatLimit(limit.name, limit.available)} of backup storage`;
    case LICENSE_LIMIT_NAMES.retention:
      return `${formatLimit(limit.name, limit.available)} of backup retention`;
    case LICENSE_LIMIT_NAMES.organizations:
      return `${plural(limit.available, 'Salesforce organization', 'Salesforce organizations')} backed up`;
    case LICENSE_LIMIT_NAMES.devopsFullAccess:
    case LICENSE_LIMIT_NAMES.devopsReadAccess:
      return `${plural(limit.available, 'user', 'users')} with ${limit.label}`;
    default:
      return `${limit.label}: ${formatLimit(limit.name, limit.available)}`;
  }
}

/** What the trial offer lists: what the API's trial of the product really grants. */
export function trialFeatures(product: ServiceKey): string[] {
  const trial = TRIAL_LICENSES[LICENSE_SERVICE_BY_PRODUCT[product]];
  return [...trial.limits.map(featureOf), 'Starts at once, no payment details needed'];
}
