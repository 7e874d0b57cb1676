import {
  STORAGE_HEALTH_COLORS,
  STORAGE_HEALTH_LABELS,
  STORAGE_NOT_CHECKED,
  STORAGE_PROBLEM_LABELS,
  type StorageHealth,
} from '@skyvault/contract';
import { HealthChip } from '../HealthChip';

/**
 * A storage's health as a chip: Healthy, Unhealthy with the problem as its tooltip, or Not checked
 * (never checked yet, and Local storages, which are the platform's own).
 */
export function StorageHealthChip({ health }: { health: StorageHealth }) {
  if (!health.status) return <HealthChip label={STORAGE_NOT_CHECKED} color="default" />;
  return (
    <HealthChip
      label={STORAGE_HEALTH_LABELS[health.status]}
      color={STORAGE_HEALTH_COLORS[health.status]}
      reason={health.problem ? STORAGE_PROBLEM_LABELS[health.problem.kind] : null}
    />
  );
}
