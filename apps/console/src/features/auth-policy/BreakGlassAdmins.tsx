import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ssoEnforcementEndpoints, SSO_ENFORCEMENT_TEXTS as T } from '@skyvault/contract';
import { useId, useState } from 'react';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { apiErrorOf, failureMessage } from '../../core/errors/apiErrors';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { useAddBreakGlass, useBreakGlass, useRemoveBreakGlass } from './sso-enforcement.queries';

const refusalOf = (error: unknown) => {
  const fields = apiErrorOf(error)?.fields;
  return fields ? Object.values(fields).join(' ') : failureMessage(error);
};

/**
 * The break-glass administrators: listed with a Remove button each, and a picker of the tenant's other
 * administrators who have a second factor. Refusals (the last one while enforcement is on, no second
 * factor) are shown in the section.
 */
export function BreakGlassAdmins() {
  const query = useBreakGlass();
  const add = useAddBreakGlass();
  const remove = useRemoveBreakGlass();
  const [picked, setPicked] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const can = useCan();
  const canAdd = can(ssoEnforcementEndpoints.addBreakGlass);
  const canRemove = can(ssoEnforcementEndpoints.removeBreakGlass);

  async function run(action: () => Promise<unknown>, done: string) {
    setRefusal(null);
    try {
      await action();
      notify(done, 'success');
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {T.breakGlassTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.breakGlassHelp}
      </Typography>
      {query.isError ? (
        <LoadFailed what="break-glass administrators" onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton variant="rounded" height={72} aria-label="Loading" />
      ) : (
        <>
          {query.data.administrators.length === 0 ? (
            <Typography variant="body2">{T.noBreakGlass}</Typography>
          ) : (
            <List dense aria-label={T.breakGlassTitle}>
              {query.data.administrators.map((admin) => (
                <ListItem
                  key={admin.userId}
                  disableGutters
                  secondaryAction={
                    canRemove && (
                      <IconButton
                        aria-label={T.removeBreakGlass(admin.name || admin.email)}
                        disabled={remove.isPending}
                        onClick={() => void run(() => remove.mutateAsync(admin.userId), T.breakGlassRemoved)}
                      >
                        <Close fontSize="small" />
                      </IconButton>
                    )
                  }
                >
                  <ListItemText
                    primary={admin.name || admin.email}
                    secondary={admin.hasSecondFactor ? admin.email : `${admin.email} · ${T.noSecondFactor}`}
                    slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {!canAdd ? null : query.data.candidates.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {T.noCandidates}
            </Typography>
          ) : (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ gap: 1, mt: 1, alignItems: { sm: 'center' } }}
            >
              <TextField
                select
                size="small"
                label={T.pickAdministrator}
                value={picked}
                onChange={(event) => setPicked(event.target.value)}
                sx={{ minWidth: 260, maxWidth: '100%' }}
              >
                {query.data.candidates.map((candidate) => (
                  <MenuItem key={candidate.userId} value={candidate.userId}>
                    {candidate.name ? `${candidate.name} (${candidate.email})` : candidate.email}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                disabled={!picked}
                loading={add.isPending}
                onClick={() =>
                  void run(async () => {
                    await add.mutateAsync(picked);
                    setPicked('');
                  }, T.breakGlassAdded)
                }
              >
                {T.addBreakGlass}
              </Button>
            </Stack>
          )}
        </>
      )}
      {refusal && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      )}
    </Box>
  );
}
