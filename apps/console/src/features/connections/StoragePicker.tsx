import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { STORAGE_PICKER_DELAY_MS, type Storage } from '@skyvault/contract';
import { type Ref, type UIEvent, useEffect, useState } from 'react';
import { useStoragePicker } from './connections.queries';

/** How close to the end of the open list the next batch is asked for. */
const NEXT_BATCH_MARGIN_PX = 48;

const optionLabel = (storage: Storage) =>
  storage.isSharedStorage ? `${storage.name} (shared)` : storage.name;

export interface StoragePickerProps {
  value: string;
  onChange: (storageId: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
}

/**
 * The create modal's storage picker (Backup tenants): it waits STORAGE_PICKER_DELAY_MS before its
 * first load (SPEC.md §9) and says it is loading meanwhile, then loads 25 storages a batch, the next
 * one when the open list is scrolled to its end.
 */
export function StoragePicker({ value, onChange, onBlur, inputRef, error }: StoragePickerProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), STORAGE_PICKER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const storages = useStoragePicker(ready);
  const options = storages.data?.pages.flatMap((page) => page.rows) ?? [];
  const loading = !ready || storages.isPending || storages.isFetchingNextPage;
  const selected = options.find((storage) => storage.id === value) ?? null;

  const loadMoreAtEnd = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - NEXT_BATCH_MARGIN_PX;
    if (atEnd && storages.hasNextPage && !storages.isFetchingNextPage) void storages.fetchNextPage();
  };

  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={loading}
      loadingText="Loading storages…"
      noOptionsText="No data available"
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_, storage) => onChange(storage?.id ?? '')}
      onBlur={onBlur}
      slotProps={{ listbox: { onScroll: loadMoreAtEnd } }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label="Storage"
          required
          error={Boolean(error)}
          helperText={
            error ?? (loading && options.length === 0 ? 'Loading storages…' : 'Where backups of this org go')
          }
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} aria-label="Loading storages" />}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
