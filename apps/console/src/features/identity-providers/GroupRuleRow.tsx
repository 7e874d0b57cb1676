import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_RULE_OPERATOR_LABELS, GROUP_RULE_OPERATORS, type GroupRuleOperator } from '@skyvault/contract';
import { GroupPicker } from '../../components/GroupPicker';
import type { DraftRule } from './groupMappingDraft';
import { useDefaultGroup } from './identity-providers.queries';

export interface GroupRuleRowProps {
  rule: DraftRule;
  /** 0-based; the row reads "Rule 1", "Rule 2" … */
  index: number;
  count: number;
  /** This rule's field messages, by field name. */
  errors: Record<string, string | undefined>;
  onChange: (rule: DraftRule) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  /** Shown as saved, without the buttons that change it (whom the mapping's save is not open to). */
  readOnly?: boolean;
}

/**
 * One rule: "if claim [operator] value, the user joins group", with buttons to move it up or down
 * (plain buttons, so the keyboard moves rules as well as a mouse) and to delete it.
 */
export function GroupRuleRow({
  rule,
  index,
  count,
  errors,
  onChange,
  onMove,
  onDelete,
  readOnly = false,
}: GroupRuleRowProps) {
  const n = index + 1;
  const current = useDefaultGroup(rule.groupId);
  const set = (change: Partial<DraftRule>) => onChange({ ...rule, ...change });
  return (
    <Paper variant="outlined" component="li" aria-label={`Rule ${n}`} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          Rule {n}
        </Typography>
        {!readOnly && (
          <>
            <IconButton aria-label={`Move rule ${n} up`} disabled={index === 0} onClick={() => onMove(-1)}>
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={`Move rule ${n} down`}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
            <IconButton aria-label={`Delete rule ${n}`} onClick={onDelete}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'flex-start' } }}>
        <TextField
          label="Claim"
          value={rule.claim}
          onChange={(event) => set({ claim: event.target.value })}
          disabled={readOnly}
          error={Boolean(errors.claim)}
          helperText={errors.claim ?? 'A claim or SAML attribute name, e.g. groups'}
          required
          autoComplete="off"
          spellCheck={false}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Operator"
          value={rule.operator}
          onChange={(event) => set({ operator: event.target.value as GroupRuleOperator })}
          disabled={readOnly}
          error={Boolean(errors.operator)}
          helperText={errors.operator}
          sx={{ minWidth: 140 }}
        >
          {GROUP_RULE_OPERATORS.map((operator) => (
            <MenuItem key={operator} value={operator}>
              {GROUP_RULE_OPERATOR_LABELS[operator]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Value"
          value={rule.value}
          onChange={(event) => set({ value: event.target.value })}
          disabled={readOnly}
          error={Boolean(errors.value)}
          helperText={errors.value}
          required
          autoComplete="off"
          spellCheck={false}
          sx={{ flex: 1 }}
        />
        <GroupPicker
          value={rule.groupId}
          current={current.data ? { id: current.data.id, name: current.data.name } : null}
          label="Group"
          hint="The group the user joins"
          onChange={(groupId) => set({ groupId })}
          disabled={readOnly}
          onBlur={() => {}}
          inputRef={null}
          error={errors.groupId}
          sx={{ flex: 1, minWidth: 200 }}
        />
      </Stack>
    </Paper>
  );
}
