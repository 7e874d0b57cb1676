import { TOASTS } from '@skyvault/contract';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { controlledField } from '../../components/formField';
import { useSaveDialog } from '../../components/useSaveDialog';
import { GroupUsersPicker } from './GroupUsersPicker';
import { type AddMembersOutput, type AddMembersValues, addMembersResolver } from './groupForm';
import { useUpdateGroup } from './groups.queries';

/**
 * 'Add members' on a group's page: the users picker, then one save that adds every picked user (PATCH
 * with addUsers, one transaction; users in another group move here). Too few DevOps seats shows at
 * the picker and adds nobody.
 */
export function AddMembersDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const update = useUpdateGroup();
  const { form, dialog } = useSaveDialog<AddMembersValues, AddMembersOutput, unknown>({
    // Only the picked users' ids are sent; the schema is the PATCH's own.
    resolver: addMembersResolver,
    defaultValues: { addUsers: [] },
    send: (body) => update.mutateAsync({ id: groupId, body }),
    toast: TOASTS.usersUpdated,
    onClose,
  });
  const picked = form.watch('addUsers');

  return (
    <FormDialog
      {...dialog}
      title="Add members"
      description="The users you pick join this group and take its role."
      submitLabel="Add"
      submitDisabled={picked.length === 0}
    >
      <Controller
        control={form.control}
        name="addUsers"
        render={(control) => (
          <GroupUsersPicker groupId={groupId} label="Users" {...controlledField(control)} />
        )}
      />
    </FormDialog>
  );
}
