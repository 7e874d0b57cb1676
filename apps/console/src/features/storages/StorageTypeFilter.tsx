import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { STORAGE_TYPE_LABELS, STORAGE_TYPES, type StorageType } from '@skyvault/contract';
import { useCallback } from 'react';
import type { ListParams } from '../../components/useListParams';

const ALL = '';

/**
 * The type filter, kept in the URL beside the list's page and search (`?type=AwsS3`), so that a
 * filtered list can be linked and reloaded. A new filter starts again from the first page.
 */
export function useStorageTypeParam(
  list: Pick<ListParams, 'param' | 'setParams'>,
): [StorageType | undefined, (type: StorageType | undefined) => void] {
  const { param, setParams } = list;
  const raw = param('type');
  const type = STORAGE_TYPES.find((known) => known === raw);
  const setType = useCallback((next: StorageType | undefined) => setParams({ type: next }), [setParams]);
  return [type, setType];
}

export function StorageTypeFilter({
  value,
  onChange,
}: {
  value: StorageType | undefined;
  onChange: (type: StorageType | undefined) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Type"
      value={value ?? ALL}
      onChange={(event) => onChange((event.target.value as StorageType | typeof ALL) || undefined)}
      // 'All types' is shown rather than an empty box while no type is chosen.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 200 } }}
    >
      <MenuItem value={ALL}>All types</MenuItem>
      {STORAGE_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {STORAGE_TYPE_LABELS[type]}
        </MenuItem>
      ))}
    </TextField>
  );
}
