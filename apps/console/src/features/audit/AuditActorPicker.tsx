import Autocomplete from '@mui/material/Autocomplete';
import { NO_DATA_AVAILABLE, PICKER_BATCH_SIZE, type User, userEndpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fullName } from '../../components/fullName';
import { PickerInput } from '../../components/PickerInput';
import { loadMoreAtEnd, useDebouncedText } from '../../components/pickerHelpers';
import { callApi } from '../../core/api/client';
import { usePickerBatches } from '../../core/api/pickerQuery';
import { sharedKeys } from '../../core/api/queryKeys';

/** A person the trail can be narrowed to: the filter's value (a user id, or an address) and its words. */
export interface ActorOption {
  value: string;
  label: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const optionOf = (user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>): ActorOption => ({
  value: user.id,
  label: fullName(user) ? `${fullName(user)} (${user.email})` : user.email,
});

/** The tenant's users whose name or address holds the text, searched by the API, 25 a batch. */
function useActorOptions(searchText: string, enabled: boolean) {
  return usePickerBatches({
    enabled,
    queryKey: [...sharedKeys.users.lists(), 'audit-actor', searchText],
    fetchBatch: (offset, signal) =>
      callApi(userEndpoints.list, {
        query: { limit: PICKER_BATCH_SIZE, offset, searchText: searchText || undefined, searchBy: 'user' },
        signal,
      }),
    rowsOf: (page) => page.users,
    totalOf: (page) => page.total,
  });
}

/**
 * The chosen actor in words: the option just picked; else a user id from the URL is named by the
 * user's row (the users screens' cache), or, for a user deleted since, by the name the trail kept
 * (`knownLabel`); an address names itself.
 */
function useChosen(
  value: string | undefined,
  knownLabel: string | undefined,
  picked: ActorOption | null,
): ActorOption | null {
  const isPicked = picked !== null && picked.value === value;
  const isId = value !== undefined && UUID.test(value) && !isPicked;
  const user = useQuery({
    queryKey: [...sharedKeys.users.all, 'detail', value ?? ''],
    queryFn: ({ signal }) => callApi(userEndpoints.get, { params: { id: value ?? '' }, signal }),
    enabled: isId,
    retry: false,
    // A deleted user is not found: the trail's name stands in, without a toast.
    meta: { errorToast: false },
  });
  if (!value) return null;
  if (isPicked) return picked;
  if (!isId) return { value, label: value };
  if (user.data) return optionOf(user.data);
  return { value, label: knownLabel ?? value };
}

/**
 * The Audit Log's Actor filter: one of the tenant's users, found by name or e-mail as it is typed
 * (searched on the server once typing pauses) and chosen from the list, which sets the filter to their
 * id. Clearing it filters no actor.
 */
export function AuditActorPicker({
  value,
  knownLabel,
  onChange,
  error,
}: {
  value: string | undefined;
  knownLabel?: string;
  onChange: (actor: string | undefined) => void;
  error?: string;
}) {
  const [typed, setTyped] = useState('');
  // Asked for once the list is opened: the page itself needs no users.
  const [open, setOpen] = useState(false);
  const users = useActorOptions(useDebouncedText(typed), open);
  const options = users.data?.pages.flatMap((page) => page.users.map(optionOf)) ?? [];
  const [picked, setPicked] = useState<ActorOption | null>(null);
  const chosen = useChosen(value, knownLabel, picked);

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={chosen}
      loading={users.isFetching}
      loadingText="Loading users…"
      noOptionsText={NO_DATA_AVAILABLE}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, selected) => option.value === selected.value}
      // The server filters; the typed text must not filter the loaded batch again.
      filterOptions={(all) => all}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      onChange={(_, option) => {
        setPicked(option);
        onChange(option?.value);
      }}
      slotProps={{ listbox: { onScroll: loadMoreAtEnd(users) } }}
      sx={{ minWidth: { sm: 280 } }}
      renderInput={(params) => (
        <PickerInput
          params={params}
          loading={users.isFetching}
          loadingLabel="Loading users"
          label="Actor"
          size="small"
          placeholder="Name or e-mail"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
