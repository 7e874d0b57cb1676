import Autocomplete from '@mui/material/Autocomplete';
import { NO_DATA_AVAILABLE } from '@skyvault/contract';
import { type Ref, useState } from 'react';
import { PickerInput } from '../../components/PickerInput';
import { useDebouncedText } from '../../components/pickerHelpers';
import { useRoleOptions } from './groups.queries';

export interface RoleOption {
  id: string;
  name: string;
}

export interface RolePickerProps {
  value: string;
  /** The group's role now, so that its name shows before the options load. */
  current?: RoleOption | null;
  onChange: (roleId: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
}

/**
 * The group's role: ROLE_PICKER_SIZE roles at a time (SPEC.md §9), those matching what is typed once
 * typing pauses.
 */
export function RolePicker({ value, current, onChange, onBlur, inputRef, error }: RolePickerProps) {
  const [typed, setTyped] = useState('');
  const roles = useRoleOptions(useDebouncedText(typed));
  const options: RoleOption[] = roles.data?.roles.map(({ id, name }) => ({ id, name })) ?? [];
  const known = current?.id === value ? current : null;
  const selected = value ? (options.find((role) => role.id === value) ?? known) : null;

  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={roles.isFetching}
      loadingText="Loading roles…"
      noOptionsText={NO_DATA_AVAILABLE}
      getOptionLabel={(role) => role.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server filters; the typed text must not filter the loaded roles again.
      filterOptions={(all) => all}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      onChange={(_, role) => onChange(role?.id ?? '')}
      onBlur={onBlur}
      renderInput={(params) => (
        <PickerInput
          params={params}
          loading={roles.isFetching}
          loadingLabel="Loading roles"
          inputRef={inputRef}
          label="Role"
          required
          error={Boolean(error)}
          helperText={error ?? 'What the users of this group may do'}
        />
      )}
    />
  );
}
