import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import { groupEndpoints, NO_DATA_AVAILABLE, PICKER_BATCH_SIZE } from '@skyvault/contract';
import { type Ref, useState } from 'react';
import { callApi } from '../core/api/client';
import { usePickerBatches } from '../core/api/pickerQuery';
import { groupKeys } from '../core/api/queryKeys';
import { PickerInput } from './PickerInput';
import { loadMoreAtEnd, useDebouncedText } from './pickerHelpers';

/** The user modal's group picker: groups by name, 25 a batch, filtered by what is typed. */
function useGroupOptions(searchText: string, enabled: boolean) {
  return usePickerBatches({
    enabled,
    queryKey: groupKeys.picker(searchText),
    fetchBatch: (offset, signal) =>
      callApi(groupEndpoints.list, {
        query: { limit: PICKER_BATCH_SIZE, offset, searchText: searchText || undefined },
        signal,
      }),
    rowsOf: (page) => page.groups,
    totalOf: (page) => page.total,
  });
}

export interface GroupOption {
  id: string;
  name: string;
}

export interface GroupPickerProps {
  /** The chosen group's id; '' or null for none. */
  value: string | null;
  /** The group chosen now, so that its name shows before the options load. */
  current: GroupOption | null;
  label: string;
  /** Shown under the field while it has no error: what the group is for here. */
  hint: string;
  onChange: (groupId: string | null) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  /** 'small' beside a list's search (the users list's group filter). */
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** Loads the groups only once the list is opened (a filter most visits never open). */
  loadOnOpen?: boolean;
  /** Shown, not changed (a form its user may read only): nothing is loaded but the chosen group. */
  disabled?: boolean;
}

/**
 * One of the tenant's groups (a user's group, a provider's default group): by name, searched on the
 * server as the user types (debounced) and loaded 25 a batch as the list is scrolled (SPEC.md §9).
 * Clearing it chooses no group.
 */
export function GroupPicker({
  value,
  current,
  label,
  hint,
  onChange,
  onBlur,
  inputRef,
  error,
  size,
  sx,
  loadOnOpen = false,
  disabled = false,
}: GroupPickerProps) {
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const search = useDebouncedText(typed);
  const groups = useGroupOptions(search, !disabled && (!loadOnOpen || opened));
  const options: GroupOption[] =
    groups.data?.pages.flatMap((page) => page.groups.map(({ id, name }) => ({ id, name }))) ?? [];
  const known = current?.id === value ? current : null;
  const selected = value ? (options.find((group) => group.id === value) ?? known) : null;
  const loading = groups.isFetching;

  return (
    <Autocomplete
      size={size}
      sx={sx}
      disabled={disabled}
      options={options}
      value={selected}
      loading={loading}
      loadingText="Loading groups…"
      noOptionsText={NO_DATA_AVAILABLE}
      getOptionLabel={(group) => group.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server filters; the typed text must not filter the loaded batch again.
      filterOptions={(all) => all}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      onChange={(_, group) => onChange(group?.id ?? null)}
      onBlur={onBlur}
      onOpen={() => setOpened(true)}
      slotProps={{ listbox: { onScroll: loadMoreAtEnd(groups) } }}
      renderInput={(params) => (
        <PickerInput
          params={params}
          loading={loading}
          loadingLabel="Loading groups"
          inputRef={inputRef}
          label={label}
          error={Boolean(error)}
          helperText={error ?? hint}
        />
      )}
    />
  );
}
