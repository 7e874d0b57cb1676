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
import { GroupPicker } from '../../components/GroupPicker';
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

/** The users list's filters beside its search: status, group, administrator and MFA. */
export function UsersToolbar({ filters }: { filters: UserListFilters }) {
  const chosenGroup = useChosenGroup(filters.groupId);
  const admin = filters.isAdmin === undefined ? ALL : String(filters.isAdmin);
  return (
    <>
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status ?? ALL}
        onChange={(event) => filters.set({ status: event.target.value || undefined })}
        sx={{ width: FIELD_WIDTH }}
        slotProps={SHOW_EMPTY}
      >
        <MenuItem value={ALL}>All statuses</MenuItem>
        {USER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {statusLabel(status)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Administrator"
        value={admin}
        onChange={(event) => filters.set({ admin: event.target.value || undefined })}
        sx={{ width: FIELD_WIDTH }}
        slotProps={SHOW_EMPTY}
      >
        <MenuItem value={ALL}>Everyone</MenuItem>
        <MenuItem value="true">Administrators</MenuItem>
        <MenuItem value="false">Not administrators</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label="MFA"
        value={filters.mfa ?? ALL}
        onChange={(event) => filters.set({ mfa: event.target.value || undefined })}
        sx={{ width: FIELD_WIDTH }}
        slotProps={SHOW_EMPTY}
      >
        <MenuItem value={ALL}>Any MFA state</MenuItem>
        {USER_MFA_FILTERS.map((mfa) => (
          <MenuItem key={mfa} value={mfa}>
            {USER_MFA_FILTER_LABELS[mfa]}
          </MenuItem>
        ))}
      </TextField>
      <GroupPicker
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
