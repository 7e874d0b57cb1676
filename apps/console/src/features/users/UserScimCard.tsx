import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { USER_SCIM_TEXTS, type User, userEndpoints } from '@skyvault/contract';
import { useId } from 'react';
import { TitledSection } from '../../components/TitledSection';
import { failureMessage } from '../../core/errors/apiErrors';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { useUpdateUser } from './users.queries';

/**
 * Whether the tenant's SCIM client may change this user (docs/scim.md): an administrator puts an
 * existing user under SCIM, or takes them out. Administrators are never managed, so their switch stays
 * off and disabled, whatever their flag says.
 */
export function UserScimCard({ user }: { user: User }) {
  const update = useUpdateUser();
  const helpId = useId();
  const managed = user.scimManaged && !user.isAdmin;
  // Whom users:write is not open to (an Auditor) sees the switch as it stands, not to be turned.
  const canChange = useCan()(userEndpoints.update);

  const change = (scimManaged: boolean) =>
    update.mutate(
      { id: user.id, body: { scimManaged } },
      {
        onSuccess: () => notify(scimManaged ? USER_SCIM_TEXTS.on : USER_SCIM_TEXTS.off, 'success'),
        onError: (error) => notify(failureMessage(error), 'error'),
      },
    );

  return (
    <TitledSection title={USER_SCIM_TEXTS.title} sx={{ maxWidth: 720, mt: 2 }}>
      <FormControlLabel
        label={USER_SCIM_TEXTS.label}
        control={
          <Switch
            checked={managed}
            disabled={!canChange || user.isAdmin || update.isPending}
            onChange={(_, checked) => change(checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
      />
      <FormHelperText id={helpId}>
        {user.isAdmin ? USER_SCIM_TEXTS.adminHelp : USER_SCIM_TEXTS.help}
      </FormHelperText>
    </TitledSection>
  );
}
