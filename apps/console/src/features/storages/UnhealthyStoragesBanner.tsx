import { STORAGE_MESSAGES } from '@skyvault/contract';
import { NamesBanner } from '../../components/NamesBanner';
import { toStorage } from '../../core/paths/links';
import { useUnhealthyStorages } from './storageHealth.queries';

export const STORAGES_BANNER_LABEL = 'Storage health';

/**
 * On every signed-in page of an administrator whose tenant has Backup: the storages that failed their
 * last check, each a link to its page. Nothing while there are none, or while the list cannot be had.
 */
export function UnhealthyStoragesBanner() {
  const unhealthy = useUnhealthyStorages();
  const rows = unhealthy.data?.rows ?? [];
  const more = Math.max((unhealthy.data?.count ?? 0) - rows.length, 0);
  return (
    <NamesBanner
      label={STORAGES_BANNER_LABEL}
      text={STORAGE_MESSAGES.banner(
        rows.map((row) => row.name),
        more,
      )}
      items={rows.map((row) => ({ id: row.id, name: row.name, to: toStorage(row.id) }))}
    />
  );
}
