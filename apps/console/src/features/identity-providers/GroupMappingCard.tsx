import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  GROUP_MAPPING_MESSAGES,
  type GroupMapping,
  groupMappingEndpoints,
  type IdentityProvider,
  MAX_GROUP_RULES,
} from '@skyvault/contract';
import { useState } from 'react';
import { TitledSection } from '../../components/TitledSection';
import { apiErrorOf, failureMessage } from '../../core/errors/apiErrors';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { GroupRuleRow } from './GroupRuleRow';
import { useGroupMapping, useSaveGroupMapping } from './groupMapping.queries';
import { checkedBody, type DraftRule, differs, draftOf, emptyRule, moved } from './groupMappingDraft';
import { TryGroupRules } from './TryGroupRules';

/**
 * The provider's group mapping (docs/sso.md "Group mapping"): the rules in order, edited here and
 * saved together, and tried against pasted claims before saving.
 */
export function GroupMappingCard({ provider }: { provider: IdentityProvider }) {
  const mapping = useGroupMapping(provider.id);
  return (
    <TitledSection title="Group mapping" busy={mapping.isPending} sx={{ mt: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        At every sign-in through this provider, the first rule that matches its claims sets the user's group.
        When none matches, a group a rule gave goes back to the default group. Without rules, groups are set
        by hand.
      </Typography>
      {mapping.data ? (
        // Keyed by what was saved: a save or a reload starts the editor again from it.
        <GroupRulesEditor key={JSON.stringify(mapping.data)} provider={provider} saved={mapping.data} />
      ) : mapping.isError ? (
        <Typography color="error">{failureMessage(mapping.error)}</Typography>
      ) : (
        <Skeleton variant="rounded" height={96} />
      )}
    </TitledSection>
  );
}

function GroupRulesEditor({ provider, saved }: { provider: IdentityProvider; saved: GroupMapping }) {
  const [rules, setRules] = useState<DraftRule[]>(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveGroupMapping(provider.id);
  const changed = differs(rules, saved);
  // Without sign-in:write the rules are shown as saved, and can still be tried.
  const canSave = useCan()(groupMappingEndpoints.replace);

  const update = (next: DraftRule[]) => {
    setRules(next);
    // Messages point at positions, which the change may have moved: they come back at the next save.
    setErrors({});
  };
  const fieldErrors = (index: number) => ({
    claim: errors[`rules.${index}.claim`],
    operator: errors[`rules.${index}.operator`],
    value: errors[`rules.${index}.value`],
    groupId: errors[`rules.${index}.groupId`],
  });

  const submit = async () => {
    const checked = checkedBody(rules);
    if ('errors' in checked) return setErrors(checked.errors);
    try {
      await save.mutateAsync(checked.body);
      notify(GROUP_MAPPING_MESSAGES.saved, 'success');
    } catch (error) {
      const fields = apiErrorOf(error)?.fields;
      if (fields) setErrors(fields);
      notify(failureMessage(error), 'error');
    }
  };

  return (
    <Stack sx={{ gap: 2 }}>
      {rules.length === 0 ? (
        <Typography>No rules: sign-ins through this provider leave users' groups as they are.</Typography>
      ) : (
        <Stack component="ol" aria-label="Group mapping rules" sx={{ gap: 2, m: 0, p: 0 }}>
          {rules.map((rule, index) => (
            <GroupRuleRow
              key={rule.key}
              rule={rule}
              index={index}
              count={rules.length}
              errors={fieldErrors(index)}
              onChange={(next) => update(rules.map((r) => (r.key === rule.key ? next : r)))}
              onMove={(by) => update(moved(rules, index, by))}
              onDelete={() => update(rules.filter((r) => r.key !== rule.key))}
              readOnly={!canSave}
            />
          ))}
        </Stack>
      )}
      {errors.rules && <Typography color="error">{errors.rules}</Typography>}
      {canSave && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            startIcon={<Add />}
            onClick={() => update([...rules, emptyRule()])}
            disabled={rules.length >= MAX_GROUP_RULES}
          >
            Add rule
          </Button>
          <Button variant="contained" onClick={submit} disabled={!changed || save.isPending}>
            Save rules
          </Button>
          <Button onClick={() => update(draftOf(saved))} disabled={!changed || save.isPending}>
            Discard changes
          </Button>
        </Stack>
      )}
      <Divider />
      <Typography variant="subtitle1" component="h3">
        Try the rules
      </Typography>
      <TryGroupRules rules={rules} defaultGroupId={provider.defaultGroupId} />
    </Stack>
  );
}
