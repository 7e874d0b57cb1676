import Autocomplete from '@mui/material/Autocomplete';
import { NO_DATA_AVAILABLE, STORAGE_PICKER_DELAY_MS, type Storage } from '@skyvault/contract';
import { type Ref, useEffect, useState } from 'react';
import { PickerInput } from '../../components/PickerInput';
import { loadMoreAtEnd } from '../../components/pickerHelpers';
import { StorageDialog } from '../../components/storages/StorageDialog';
import { useStoragePicker } from './connections.queries';
import { NoStorageYet } from './NoStorageYet';

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
  const [adding, setAdding] = useState(false);
  // The new storage is chosen at once; the picker shows it as soon as its list is read again.
  const addDialog = adding && <StorageDialog onCreated={onChange} onClose={() => setAdding(false)} />;

  // Nothing to pick from: rather than an empty list, the way to add the first storage.
  const none = !loading && storages.isSuccess && options.length === 0 && !value;
  const picker = none ? (
    <NoStorageYet onAdd={() => setAdding(true)} buttonRef={inputRef} error={error} />
  ) : (
    <Autocomplete
      options={options}
      value={selected}
      loading={loading}
      loadingText="Loading storages…"
      noOptionsText={NO_DATA_AVAILABLE}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_, storage) => onChange(storage?.id ?? '')}
      onBlur={onBlur}
      slotProps={{ listbox: { onScroll: loadMoreAtEnd(storages) } }}
      renderInput={(params) => (
        <PickerInput
          params={params}
          loading={loading}
          loadingLabel="Loading storages"
          inputRef={inputRef}
          label="Storage"
          required
          error={Boolean(error)}
          helperText={
            error ?? (loading && options.length === 0 ? 'Loading storages…' : 'Where backups of this org go')
          }
        />
      )}
    />
  );
  return (
    <>
      {picker}
      {addDialog}
    </>
  );
}
