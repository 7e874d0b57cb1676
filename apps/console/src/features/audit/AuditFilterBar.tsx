import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type AuditOutcome, auditFilterQuerySchema } from '@skyvault/contract';
import { type FormEvent, useState } from 'react';
import type { AuditLogFilters } from '../../core/paths/links';
import { AuditActionSelect } from './AuditActionSelect';
import { AuditActorPicker } from './AuditActorPicker';
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
  { key: 'resourceType', label: 'Resource type', placeholder: 'e.g. group' },
  { key: 'resourceId', label: 'Resource id' },
] as const;

/** Each refused filter's message, by its field (the contract's messages). */
export type FilterErrors = Partial<Record<keyof Draft, string>>;

/** What the contract's rules say of the filters, before they are sent: the API applies the same. */
function checkFilters(filters: AuditLogFilters): FilterErrors {
  const result = auditFilterQuerySchema.safeParse(filters);
  const errors: FilterErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof Draft;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The filters above the trail. They apply on "Apply" (or Enter) rather than on every change, so that
 * several can be set before the trail is read again. The actor is chosen among the tenant's users and
 * the action among those the trail records; a value the rules refuse (here, or by the API: `refused`)
 * is said under its field, and the table stays.
 */
export function AuditFilterBar({
  filters,
  onApply,
  refused = {},
  actorLabel,
}: {
  filters: AuditLogFilters;
  onApply: (filters: AuditLogFilters) => void;
  /** The API's messages for the filters of the URL, by field. */
  refused?: FilterErrors;
  /** The actor of the URL as the trail names them, for a user deleted since. */
  actorLabel?: string;
}) {
  const [draft, setDraft] = useState(() => toDraft(filters));
  const [errors, setErrors] = useState<FilterErrors>({});
  const setValue = (key: keyof Draft, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _fixed, ...others }) => others);
  };
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setValue(key, event.target.value);
  // The API's word on a field holds until the field is changed.
  const errorOf = (key: keyof Draft) =>
    errors[key] ?? (draft[key] === toDraft(filters)[key] ? refused[key] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = fromDraft(draft);
    const found = checkFilters(next);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(next);
  };
  const clear = () => {
    setDraft(toDraft({}));
    setErrors({});
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
      <AuditActorPicker
        value={draft.actor || undefined}
        knownLabel={draft.actor === filters.actor ? actorLabel : undefined}
        onChange={(actor) => setValue('actor', actor ?? '')}
        error={errorOf('actor')}
      />
      <AuditActionSelect
        value={draft.action}
        onChange={(action) => setValue('action', action)}
        error={errorOf('action')}
      />
      {TEXT_FILTERS.map(({ key, label, ...rest }) => (
        <TextField
          key={key}
          label={label}
          size="small"
          value={draft[key]}
          onChange={set(key)}
          error={Boolean(errorOf(key))}
          helperText={errorOf(key)}
          {...rest}
        />
      ))}
      {(['from', 'to'] as const).map((key) => (
        <TextField
          key={key}
          label={key === 'from' ? 'From' : 'To'}
          type="datetime-local"
          size="small"
          value={draft[key]}
          onChange={set(key)}
          error={Boolean(errorOf(key))}
          helperText={errorOf(key)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
      <TextField
        select
        label="Outcome"
        size="small"
        value={draft.outcome}
        onChange={set('outcome')}
        error={Boolean(errorOf('outcome'))}
        helperText={errorOf('outcome')}
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
