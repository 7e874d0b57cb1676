import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import {
  AUDIT_ACTION_GROUPS,
  type AuditActionGroup,
  type AuditActionName,
  LOG_STREAM_TEXTS,
  type LogStreamEditForm,
} from '@skyvault/contract';
import { type Control, Controller } from 'react-hook-form';
import { ACTION_GROUP_LABELS, ACTION_LABELS } from '../../components/auditWords';

const T = LOG_STREAM_TEXTS;
const GROUPS = Object.entries(AUDIT_ACTION_GROUPS) as [AuditActionGroup, readonly AuditActionName[]][];

/** A stream's filter in words: the kinds it sends whole, and any single action beside them. */
export function actionsInWords(actions: readonly string[]): string {
  if (actions.length === 0) return T.allActions;
  const chosen = new Set(actions);
  const words: string[] = [];
  for (const [group, members] of GROUPS) {
    if (members.every((action) => chosen.has(action))) words.push(ACTION_GROUP_LABELS[group]);
    else for (const action of members) if (chosen.has(action)) words.push(ACTION_LABELS[action] ?? action);
  }
  return words.join(', ');
}

/**
 * A stream's event-type filter, by the kinds the audit log's Action filter groups its actions in, as
 * SIEM streams are usually filtered (sign-ins, changes…): a kind ticked sends all of its actions, none
 * ticked sends every event. A stream whose filter names single actions (set through the API) shows
 * their kind half ticked; ticking it sends the whole kind.
 */
export function LogStreamActionsField({ control }: { control: Control<LogStreamEditForm> }) {
  return (
    <Controller
      control={control}
      name="actions"
      render={({ field, fieldState }) => {
        const chosen = new Set(field.value);
        const toggle = (members: readonly string[], whole: boolean) => {
          const next = whole
            ? field.value.filter((action) => !members.includes(action))
            : [...field.value.filter((action) => !members.includes(action)), ...members];
          field.onChange(next);
        };
        return (
          <FormControl component="fieldset" error={!!fieldState.error}>
            <FormLabel component="legend">{T.actions}</FormLabel>
            <FormGroup row>
              {GROUPS.map(([group, members]) => {
                const count = members.filter((action) => chosen.has(action)).length;
                const whole = count === members.length;
                return (
                  <FormControlLabel
                    key={group}
                    label={ACTION_GROUP_LABELS[group]}
                    control={
                      <Checkbox
                        size="small"
                        checked={whole}
                        indeterminate={count > 0 && !whole}
                        onChange={() => toggle(members, whole)}
                        onBlur={field.onBlur}
                      />
                    }
                  />
                );
              })}
            </FormGroup>
            <FormHelperText>{fieldState.error?.message ?? T.actionsHelp}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
