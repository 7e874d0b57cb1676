import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  groupEndpoints,
  INVITATION_MESSAGES,
  USER_MFA_FILTER_LABELS,
  USER_MFA_FILTERS,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type UserStatus,
} from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { LazyGroupPicker } from '../../components/LazyGroupPicker';
import { callApi } from '../../core/api/client';
import { groupKeys } from '../../core/api/queryKeys';
import type { UserListFilters } from './useUserListFilters';

/** A select's "nothing chosen" value. */
const ALL = '';
/** The "nothing chosen" item is a real choice with its own text, so it shows like any other. */
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
const FIELD_WIDTH = { xs: '100%', sm: 190 } as const;

/** The status filter names a user waiting for their first password by what they wait for. */
const statusLabel = (status: UserStatus) =>
  status === 'WaitConfirmation' ? INVITATION_MESSAGES.pending : USER_STATUS_LABELS[status];

/** The group filter shows the chosen group's name even when it is not among the picker's first batch. */
function useChosenGroup(groupId: string | undefined) {
  const group = useQuery({
    queryKey: groupKeys.detail(groupId ?? ''),
    queryFn: ({ signal }) => callApi(groupEndpoints.get, { params: { id: groupId! }, signal }),
    enabled: Boolean(groupId),
  });
  return group.data ? { id: group.data.id, name: group.data.name } : null;
}

/** One filter of the list: a select whose first item is "all" (nothing chosen, `undefined`). */
function FilterSelect<Value extends string>({
  label,
  value,
  all,
  options,
  onChange,
}: {
  label: string;
  value: Value | undefined;
  all: string;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value | undefined) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ALL}
      onChange={(event) => onChange((event.target.value || undefined) as Value | undefined)}
      sx={{ width: FIELD_WIDTH }}
      slotProps={SHOW_EMPTY}
    >
      <MenuItem value={ALL}>{all}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The users list's filters beside its search: status, group, administrator and MFA. */
export function UsersToolbar({ filters }: { filters: UserListFilters }) {
  const chosenGroup = useChosenGroup(filters.groupId);
  const admin = filters.isAdmin === undefined ? undefined : String(filters.isAdmin);
  return (
    <>
      <FilterSelect
        label="Status"
        value={filters.status}
        all="All statuses"
        options={USER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
        onChange={(status) => filters.set({ status })}
      />
      <FilterSelect
        label="Administrator"
        value={admin}
        all="Everyone"
        options={[
          { value: 'true', label: 'Administrators' },
          { value: 'false', label: 'Not administrators' },
        ]}
        onChange={(value) => filters.set({ admin: value })}
      />
      <FilterSelect
        label="MFA"
        value={filters.mfa}
        all="Any MFA state"
        options={USER_MFA_FILTERS.map((mfa) => ({ value: mfa, label: USER_MFA_FILTER_LABELS[mfa] }))}
        onChange={(mfa) => filters.set({ mfa })}
      />
      <LazyGroupPicker
        value={filters.groupId ?? null}
        current={chosenGroup}
        label="Group"
        hint=""
        size="small"
        loadOnOpen
        onChange={(groupId) => filters.set({ groupId: groupId || undefined })}
        onBlur={() => {}}
        inputRef={null}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
    </>
  );
}
