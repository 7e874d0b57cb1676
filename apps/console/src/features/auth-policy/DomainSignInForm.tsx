import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type DomainSignIn,
  type IdentityProvider,
  ssoEnforcementEndpoints,
  SSO_ENFORCEMENT_TEXTS as T,
} from '@skyvault/contract';
import { useId, useState } from 'react';
import { apiErrorOf, failureMessage } from '../../core/errors/apiErrors';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { useUpdateDomainSignIn } from './sso-enforcement.queries';

interface Chosen {
  id: string;
  name: string;
}

/**
 * One verified domain's sign-in: its providers in order (moved with buttons, so a keyboard and a
 * screen reader can reorder them), enforcement, and its users' API tokens. Saved as a whole; the
 * server's refusal (no provider, no break-glass administrator) is shown above the Save button.
 */
export function DomainSignInForm({
  domain,
  providerOptions,
}: {
  domain: DomainSignIn;
  providerOptions: IdentityProvider[];
}) {
  const update = useUpdateDomainSignIn();
  // Without sign-in:write the domain's routing and enforcement are shown as they are, not editable.
  const canChange = useCan()(ssoEnforcementEndpoints.updateDomain);
  const [chosen, setChosen] = useState<Chosen[]>(domain.providers);
  const [enforceSso, setEnforceSso] = useState(domain.enforceSso);
  const [apiTokens, setApiTokens] = useState(domain.apiTokensUnderEnforcement);
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const addable = providerOptions.filter((p) => !chosen.some((c) => c.id === p.id));
  const dirty =
    enforceSso !== domain.enforceSso ||
    apiTokens !== domain.apiTokensUnderEnforcement ||
    chosen.map((c) => c.id).join() !== domain.providers.map((p) => p.id).join();

  const move = (index: number, by: -1 | 1) =>
    setChosen((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  async function save() {
    setRefusal(null);
    try {
      const saved = await update.mutateAsync({
        domainId: domain.id,
        body: { providerIds: chosen.map((c) => c.id), enforceSso, apiTokensUnderEnforcement: apiTokens },
      });
      setChosen(saved.providers);
      notify(T.saved(saved.domain), 'success');
    } catch (error) {
      const fields = apiErrorOf(error)?.fields;
      setRefusal(fields ? Object.values(fields).join(' ') : failureMessage(error));
    }
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {domain.domain}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {T.providersHelp}
      </Typography>
      {chosen.length === 0 ? (
        <Typography variant="body2" sx={{ my: 1 }}>
          {T.noProviders}
        </Typography>
      ) : (
        <List dense aria-label={`${T.providers} of ${domain.domain}`}>
          {chosen.map((provider, index) => (
            <ListItem
              key={provider.id}
              disableGutters
              secondaryAction={
                canChange && (
                  <Stack direction="row">
                    <IconButton
                      aria-label={T.moveUp(provider.name)}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={T.moveDown(provider.name)}
                      disabled={index === chosen.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={T.removeProvider(provider.name)}
                      onClick={() => setChosen((list) => list.filter((c) => c.id !== provider.id))}
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  </Stack>
                )
              }
            >
              <ListItemText primary={`${index + 1}. ${provider.name}`} />
            </ListItem>
          ))}
        </List>
      )}
      {canChange && addable.length > 0 && (
        <TextField
          select
          size="small"
          label={T.addProvider}
          value=""
          onChange={(event) => {
            const provider = addable.find((p) => p.id === event.target.value);
            if (provider) setChosen((list) => [...list, { id: provider.id, name: provider.name }]);
          }}
          sx={{ minWidth: 240, maxWidth: '100%', my: 1 }}
        >
          {addable.map((provider) => (
            <MenuItem key={provider.id} value={provider.id}>
              {provider.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Stack sx={{ mt: 1 }}>
        <FormControlLabel
          control={
            <Switch checked={enforceSso} disabled={!canChange} onChange={(_, on) => setEnforceSso(on)} />
          }
          label={T.enforce}
        />
        <Typography variant="caption" color="text.secondary" sx={{ ml: 6, mt: -0.5 }}>
          {T.enforceHelp}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={apiTokens}
              disabled={!canChange || !enforceSso}
              onChange={(_, on) => setApiTokens(on)}
            />
          }
          label={T.apiTokens}
          sx={{ mt: 1 }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ ml: 6, mt: -0.5 }}>
          {T.apiTokensHelp}
        </Typography>
      </Stack>
      {refusal && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      )}
      {canChange && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button
            variant="contained"
            loading={update.isPending}
            disabled={!dirty}
            onClick={() => void save()}
          >
            Save {domain.domain}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
