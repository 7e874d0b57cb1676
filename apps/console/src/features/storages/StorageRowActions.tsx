import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { type Storage, storageEndpoints } from '@skyvault/contract';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useCan } from '../../core/session/permissions';

/**
 * Edit and Delete of one row. Shared storages belong to the platform and cannot be changed (SPEC.md §6),
 * so they show a 'Shared' chip instead.
 */
export function StorageRowActions({
  storage,
  onEdit,
  onDelete,
}: {
  storage: Storage;
  onEdit: (storage: Storage) => void;
  onDelete: (storage: Storage) => void;
}) {
  const can = useCan();
  if (storage.isSharedStorage) return <Chip label="Shared" size="small" variant="outlined" />;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 0.5 }}>
      {can(storageEndpoints.update) && (
        <LazyTooltip title="Edit">
          <IconButton aria-label={`Edit ${storage.name}`} onClick={() => onEdit(storage)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      )}
      {can(storageEndpoints.remove) && (
        <LazyTooltip title="Delete">
          <IconButton aria-label={`Delete ${storage.name}`} onClick={() => onDelete(storage)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      )}
    </Stack>
  );
}
