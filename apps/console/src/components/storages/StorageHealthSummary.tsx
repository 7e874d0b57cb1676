import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { toStorage } from '../../core/paths/links';
import { RouterLink } from '../RouterLink';
import { StorageHealthChip } from './StorageHealthChip';
import { useStorage } from './storageWrites';

/**
 * A storage as other pages show it (the connection page's backup storage): its name, a link to its
 * page, and its health chip with the problem as the tooltip.
 */
export function StorageHealthSummary({ storageId }: { storageId: string }) {
  const storage = useStorage(storageId);
  if (!storage.data) return storage.isError ? '—' : <Skeleton variant="text" width={200} />;
  return (
    <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 1, display: 'inline-flex' }}>
      <RouterLink to={toStorage(storageId)}>{storage.data.name}</RouterLink>
      <StorageHealthChip health={storage.data.health} />
    </Stack>
  );
}
