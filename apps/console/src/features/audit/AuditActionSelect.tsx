import TextField from '@mui/material/TextField';
import { AUDIT_ACTION_GROUPS, type AuditActionGroup, type AuditActionName } from '@skyvault/contract';
import { ACTION_GROUP_LABELS, ACTION_LABELS } from '../../components/auditWords';

const GROUPS = Object.entries(AUDIT_ACTION_GROUPS) as [AuditActionGroup, readonly AuditActionName[]][];
const KNOWN = new Set<string>(GROUPS.flatMap(([, actions]) => actions));

/**
 * The Action filter: every action the trail records (the contract's list), grouped by kind and named
 * in the console's words. A native select, so the keyboard and screen readers get the platform's own
 * list with its groups. A value the list does not hold (a hand-made link) is shown as it is, so that
 * the API's refusal can be read under it.
 */
export function AuditActionSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (action: string) => void;
  error?: string;
}) {
  return (
    <TextField
      select
      label="Action"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 200 }}
    >
      <option value="">All</option>
      {value && !KNOWN.has(value) && <option value={value}>{value}</option>}
      {GROUPS.map(([group, actions]) => (
        <optgroup key={group} label={ACTION_GROUP_LABELS[group]}>
          {actions.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </optgroup>
      ))}
    </TextField>
  );
}
