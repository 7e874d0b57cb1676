import Stack from '@mui/material/Stack';
import { TOASTS } from '@skyvault/contract';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../components/FormDialog';
import { useSaveDialog } from '../../components/useSaveDialog';
import { toGroup } from '../../core/paths/links';
import { GroupFields } from './GroupFields';
import { groupFormValues, groupResolver } from './groupForm';
import { useCreateGroup } from './groups.queries';

/**
 * The Groups screen's create dialog (SPEC.md §2 Groups): name, description and the role picker. A new
 * group has no users yet, so Create goes on to its page, where 'Add members' is the next step.
 */
export function CreateGroupDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateGroup();
  const { form, dialog } = useSaveDialog({
    resolver: groupResolver,
    defaultValues: groupFormValues(),
    send: (body) => create.mutateAsync(body),
    toast: TOASTS.groupCreated,
    onSaved: (group) => navigate(toGroup(group.id)),
    onClose,
  });

  return (
    <FormDialog {...dialog} title="Create group" submitLabel="Create">
      <Stack sx={{ gap: 2, pt: 1 }}>
        <GroupFields form={form} />
      </Stack>
    </FormDialog>
  );
}
