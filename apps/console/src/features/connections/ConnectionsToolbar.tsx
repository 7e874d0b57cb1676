import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  CONNECTION_SORT_OPTIONS,
  ORGANIZATION_TYPE_LABELS,
  ORGANIZATION_TYPES,
  type OrganizationType,
} from '@skyvault/contract';
import type { ConnectionFilters, ConnectionSortId } from './useConnectionFilters';

/** A select's "nothing chosen" value: the default order, or every type. */
const NONE = '';
/** The "nothing chosen" item is a real choice with its own text, so it shows like any other. */
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The sort dropdown and the connection type filter, beside the list's search. */
export function ConnectionsToolbar({ filters }: { filters: ConnectionFilters }) {
  return (
    <>
      <TextField
        select
        size="small"
        label="Sort by"
        value={filters.sortId ?? NONE}
        onChange={(event) => filters.setSortId((event.target.value as ConnectionSortId) || undefined)}
        sx={{ width: { xs: '100%', sm: 200 } }}
        slotProps={SHOW_EMPTY}
      >
        {/* SPEC.md §9: with no option chosen, newest created first. */}
        <MenuItem value={NONE}>Newest first</MenuItem>
        {CONNECTION_SORT_OPTIONS.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Connection type"
        value={filters.organizationType ?? NONE}
        onChange={(event) =>
          filters.setOrganizationType((event.target.value as OrganizationType) || undefined)
        }
        sx={{ width: { xs: '100%', sm: 200 } }}
        slotProps={SHOW_EMPTY}
      >
        <MenuItem value={NONE}>All types</MenuItem>
        {ORGANIZATION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {ORGANIZATION_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
