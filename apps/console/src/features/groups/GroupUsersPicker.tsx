import Autocomplete from '@mui/material/Autocomplete';
import { type GroupUser, NO_DATA_AVAILABLE } from '@skyvault/contract';
import { type Ref, useState } from 'react';
import { fullName } from '../../components/fullName';
import { PickerInput } from '../../components/PickerInput';
import { loadMoreAtEnd, useDebouncedText } from '../../components/pickerHelpers';
import { useGroupCandidates } from './groups.queries';

export interface GroupUsersPickerProps {
  groupId: string;
  value: GroupUser[];
  onChange: (users: GroupUser[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The server's refusal of the picked users (too few DevOps seats, a user gone). */
  error?: string;
  /** The field's label: 'Add users' on the edit screen, 'Users' in the Add members dialog. */
  label?: string;
}

const userLabel = (user: GroupUser) => `${fullName(user)} (${user.email})`;

/**
 * The edit screen's users picker: users not in the group yet (a user in another group moves here),
 * PICKER_BATCH_SIZE a batch as the list is scrolled, searched on the server once typing pauses.
 */
export function GroupUsersPicker({
  groupId,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  label = 'Add users',
}: GroupUsersPickerProps) {
  const [typed, setTyped] = useState('');
  const candidates = useGroupCandidates(groupId, useDebouncedText(typed));
  const options = candidates.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={candidates.isFetching}
      loadingText="Loading users…"
      noOptionsText={NO_DATA_AVAILABLE}
      getOptionLabel={userLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterSelectedOptions
      // The server filters; the typed text must not filter the loaded batch again.
      filterOptions={(all) => all}
      inputValue={typed}
      onInputChange={(_, text, reason) => {
        // Choosing a user keeps the search, so that several matching users can be picked in a row.
        if (reason !== 'reset') setTyped(text);
      }}
      onChange={(_, users) => onChange(users)}
      onBlur={onBlur}
      disableCloseOnSelect
      slotProps={{ listbox: { onScroll: loadMoreAtEnd(candidates) } }}
      renderInput={(params) => (
        <PickerInput
          params={params}
          loading={candidates.isFetching}
          loadingLabel="Loading users"
          label={label}
          placeholder="Search by name or email"
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ?? 'Users who are in another group move to this one'}
        />
      )}
    />
  );
}
