import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONFIRMATIONS, type Group, type GroupUser, groupEndpoints, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { controlledField } from '../../components/formField';
import { PageHeader } from '../../components/PageHeader';
import { FormActions } from '../../components/screens/FormActions';
import { LoadBeforeEdit } from '../../components/screens/LoadBeforeEdit';
import { ItemPage } from '../../components/screens/missingItem';
import { useLeaveWithToast } from '../../components/screens/useLeaveAfterDelete';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { toGroup, toGroups } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { GroupFields } from './GroupFields';
import { GroupUsersPicker } from './GroupUsersPicker';
import { GroupUsersTable } from './GroupUsersTable';
import { type GroupEditOutput, type GroupEditValues, groupEditResolver, groupEditValues } from './groupForm';
import { useGroup, useUpdateGroup } from './groups.queries';

/** Edit a group (SPEC.md §2 Groups): a missing id goes to the list. */
export function GroupEditPage() {
  return (
    <ItemPage param="groupId" list={toGroups()}>
      {(id) => <GroupEdit id={id} />}
    </ItemPage>
  );
}

/** Loads the group, then shows its form (whose defaults need the group); a group that does not exist goes to the list. */
export function GroupEdit({ id }: { id: string }) {
  const query = useGroup(id);
  return (
    <LoadBeforeEdit
      item={query.data}
      loads={[query]}
      leaveWhen="missing"
      list={toGroups()}
      noun="group"
      title="Edit group"
      back={toGroup(id)}
      backLabel="Back to the group"
      rows={2}
      maxWidth={720}
    >
      {(group) => <GroupEditForm group={group} />}
    </LoadBeforeEdit>
  );
}

/**
 * Name, role and description, then the users: some to add (picker) and some to remove (table). A new
 * role removes every user of the group (SPEC.md §4), so choosing one asks first and then shows the
 * users as leaving; users picked after that join under the new role. Save is one call (PATCH with the
 * member changes) in one transaction: everything is saved with one toast, or nothing is and the
 * refusal shows at its field (too few DevOps seats at the picker).
 */
export function GroupEditForm({ group }: { group: Group }) {
  const leaveWithToast = useLeaveWithToast();
  const update = useUpdateGroup();
  const reportError = useFormErrorReport();
  const form = useForm<GroupEditValues, unknown, GroupEditOutput>({
    resolver: groupEditResolver,
    defaultValues: groupEditValues(group),
    // Opened by its address without users:write: shown, not changed (FormActions says why).
    disabled: !useCan()(groupEndpoints.update) || undefined,
  });
  const [pendingRole, setPendingRole] = useState<string | null>(null);
  const roleChanged = useWatch({ control: form.control, name: 'roleId' }) !== group.roleId;
  const removeUsers = useWatch({ control: form.control, name: 'removeUsers' });
  const removing = new Set(removeUsers.map((user) => user.id));

  const chooseRole = (roleId: string) => {
    // Leaving the group's own role removes its users: confirm that once; other moves need no question.
    if (!roleChanged && roleId && roleId !== group.roleId) setPendingRole(roleId);
    else form.setValue('roleId', roleId, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const confirmRole = () => {
    if (pendingRole) form.setValue('roleId', pendingRole, { shouldDirty: true, shouldValidate: true });
    setPendingRole(null);
  };
  const toggleRemove = (user: GroupUser) =>
    form.setValue(
      'removeUsers',
      removing.has(user.id)
        ? removeUsers.filter((marked) => marked.id !== user.id)
        : [...removeUsers, { id: user.id }],
      { shouldDirty: true },
    );

  const submit = form.handleSubmit(async (values) => {
    // The new role removes everyone already; only the picked users remain to be added.
    const body = { ...values, removeUsers: roleChanged ? [] : values.removeUsers };
    try {
      await update.mutateAsync({ id: group.id, body });
    } catch (error) {
      reportError(form, error);
      return;
    }
    leaveWithToast(TOASTS.groupUpdated, toGroup(group.id));
  });

  return (
    <>
      <PageHeader
        title={`Edit group: ${group.name}`}
        back={toGroup(group.id)}
        backLabel="Back to the group"
      />
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 3, maxWidth: 720 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack sx={{ gap: 2 }}>
            <GroupFields form={form} group={group} onRoleChange={chooseRole} />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack sx={{ gap: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
              Users
            </Typography>
            <Controller
              control={form.control}
              name="addUsers"
              render={(control) => <GroupUsersPicker groupId={group.id} {...controlledField(control)} />}
            />
            {roleChanged ? (
              <Alert severity="warning">{CONFIRMATIONS.changeGroupRoleDetail}</Alert>
            ) : (
              <GroupUsersTable groupId={group.id} removing={removing} onToggleRemove={toggleRemove} />
            )}
            {form.formState.errors.removeUsers?.message && (
              <Alert severity="error">{form.formState.errors.removeUsers.message}</Alert>
            )}
          </Stack>
        </Paper>
        <FormActions
          endpoint={groupEndpoints.update}
          cancelTo={toGroup(group.id)}
          busy={form.formState.isSubmitting}
          dirty={form.formState.isDirty}
        />
      </Stack>
      <ConfirmDialog
        open={pendingRole !== null}
        title={CONFIRMATIONS.changeGroupRole}
        message={CONFIRMATIONS.changeGroupRoleDetail}
        confirmLabel="Change role"
        destructive
        onConfirm={confirmRole}
        onClose={() => setPendingRole(null)}
      />
    </>
  );
}
