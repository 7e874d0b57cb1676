import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type GroupRule, matchGroupRules, parseClaims } from '@skyvault/contract';
import { useId, useState } from 'react';
import { useDefaultGroup } from './identity-providers.queries';

type Outcome =
  | { error: string }
  | { index: number; groupId: string | null }
  | { index: null; groupId: string | null };

/** A group's name (cached with the pickers'), or what stands for none. */
function GroupName({ id }: { id: string | null }) {
  const group = useDefaultGroup(id);
  if (!id) return <>no group</>;
  return <strong>{group.data?.name ?? '…'}</strong>;
}

/**
 * "Try rules": the rules as they are in the editor (saved or not) against a pasted set of claims, with
 * the contract's matcher, the one the API runs at sign-in. Says which rule matches and the group that
 * results; with none, the provider's default group (for a user the mapping placed before).
 */
export function TryGroupRules({
  rules,
  defaultGroupId,
}: {
  rules: readonly Pick<GroupRule, 'claim' | 'operator' | 'value'>[] & readonly { groupId: string | null }[];
  defaultGroupId: string | null;
}) {
  const [text, setText] = useState('{\n  "email": "ada@example.com",\n  "groups": ["sf-backup-admins"]\n}');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resultId = useId();

  const tryRules = () => {
    const parsed = parseClaims(text);
    if ('error' in parsed) return setOutcome({ error: parsed.error });
    const match = matchGroupRules(
      rules.map((rule) => ({ ...rule, claim: rule.claim.trim(), value: rule.value.trim() })),
      parsed.claims,
    );
    setOutcome(
      match
        ? { index: match.index, groupId: rules[match.index]?.groupId ?? null }
        : { index: null, groupId: defaultGroupId },
    );
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <TextField
        label="Claims to try (JSON)"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOutcome(null);
        }}
        multiline
        minRows={4}
        spellCheck={false}
        helperText="Paste the claims or SAML attributes of a sign-in; nothing is saved or sent"
        slotProps={{ htmlInput: { 'aria-describedby': resultId, sx: { fontFamily: 'monospace' } } }}
      />
      <Button variant="outlined" onClick={tryRules} sx={{ alignSelf: 'flex-start' }}>
        Try rules
      </Button>
      <div id={resultId} aria-live="polite">
        {outcome && 'error' in outcome && <Alert severity="error">{outcome.error}</Alert>}
        {outcome && !('error' in outcome) && (
          <Alert severity={outcome.index === null ? 'info' : 'success'}>
            {outcome.index === null ? (
              <>
                No rule matches: the user gets the default group, <GroupName id={outcome.groupId} />.
              </>
            ) : (
              <>
                Rule {outcome.index + 1} matches: the user joins <GroupName id={outcome.groupId} />.
              </>
            )}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
