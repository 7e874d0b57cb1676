import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AuditOutcome } from '@skyvault/contract';
import { type FormEvent, useState } from 'react';
import type { AuditLogFilters } from '../../core/paths/links';
import { isoToLocalInput, localInputToIso } from './auditFilters';

interface Draft {
  actor: string;
  action: string;
  resourceType: string;
  resourceId: string;
  from: string;
  to: string;
  outcome: '' | AuditOutcome;
}

const toDraft = (filters: AuditLogFilters): Draft => ({
  actor: filters.actor ?? '',
  action: filters.action ?? '',
  resourceType: filters.resourceType ?? '',
  resourceId: filters.resourceId ?? '',
  from: isoToLocalInput(filters.from),
  to: isoToLocalInput(filters.to),
  outcome: filters.outcome ?? '',
});

const fromDraft = (draft: Draft): AuditLogFilters => ({
  actor: draft.actor.trim() || undefined,
  action: draft.action.trim() || undefined,
  resourceType: draft.resourceType.trim() || undefined,
  resourceId: draft.resourceId.trim() || undefined,
  from: localInputToIso(draft.from),
  to: localInputToIso(draft.to),
  outcome: draft.outcome || undefined,
});

const TEXT_FILTERS = [
  { key: 'actor', label: 'Actor', placeholder: 'E-mail or user id' },
  { key: 'action', label: 'Action', placeholder: 'e.g. update' },
  { key: 'resourceType', label: 'Resource type', placeholder: 'e.g. group' },
  { key: 'resourceId', label: 'Resource id' },
] as const;

/**
 * The filters above the trail. They apply on "Apply" (or Enter) rather than on every keystroke: each
 * one is an exact match, so a half-typed e-mail would only ever find nothing.
 */
export function AuditFilterBar({
  filters,
  onApply,
}: {
  filters: AuditLogFilters;
  onApply: (filters: AuditLogFilters) => void;
}) {
  const [draft, setDraft] = useState(() => toDraft(filters));
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(fromDraft(draft));
  };
  const clear = () => {
    setDraft(toDraft({}));
    onApply({});
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Filter events"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }}
    >
      {TEXT_FILTERS.map(({ key, label, ...rest }) => (
        <TextField key={key} label={label} size="small" value={draft[key]} onChange={set(key)} {...rest} />
      ))}
      {(['from', 'to'] as const).map((key) => (
        <TextField
          key={key}
          label={key === 'from' ? 'From' : 'To'}
          type="datetime-local"
          size="small"
          value={draft[key]}
          onChange={set(key)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
      <TextField
        select
        label="Outcome"
        size="small"
        value={draft.outcome}
        onChange={set('outcome')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 140 }}
      >
        <option value="">All</option>
        <option value="success">Success</option>
        <option value="failure">Failure</option>
      </TextField>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button type="submit" variant="contained">
          Apply
        </Button>
        <Button type="button" onClick={clear}>
          Clear
        </Button>
      </Stack>
    </Stack>
  );
}
