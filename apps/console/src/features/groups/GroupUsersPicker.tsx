import Autocomplete from '@mui/material/Autocomplete';
import { type GroupUser, NO_DATA_AVAILABLE } from '@skyvault/contract';
import { useState } from 'react';
import { fullName } from '../../components/fullName';
import { PickerInput } from '../../components/PickerInput';
import { loadMoreAtEnd, useDebouncedText } from '../../components/pickerHelpers';
import { useGroupCandidates } from './groups.queries';

export interface GroupUsersPickerProps {
  groupId: string;
  value: GroupUser[];
  onChange: (users: GroupUser[]) => void;
}

const label = (user: GroupUser) => `${fullName(user)} (${user.email})`;

/**
 * The edit screen's users picker: users not in the group yet (a user in another group moves here),
 * PICKER_BATCH_SIZE a batch as the list is scrolled, searched on the server once typing pauses.
 */
export function GroupUsersPicker({ groupId, value, onChange }: GroupUsersPickerProps) {
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
      getOptionLabel={label}
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
      disableCloseOnSelect
      slotProps={{ listbox: { onScroll: loadMoreAtEnd(candidates) } }}
      renderInput={(params) => (
        <PickerInput
          params={params}
          loading={candidates.isFetching}
          loadingLabel="Loading users"
          label="Add users"
          placeholder="Search by name or email"
          helperText="Users who are in another group move to this one"
        />
      )}
    />
  );
}
