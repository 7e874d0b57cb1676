import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONFIRMATIONS, type Group, type GroupUser, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { FormActions } from '../../components/screens/FormActions';
import { LoadBeforeEdit } from '../../components/screens/LoadBeforeEdit';
import { ItemPage } from '../../components/screens/missingItem';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { toGroup, toGroups } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { GroupFields } from './GroupFields';
import { GroupUsersPicker } from './GroupUsersPicker';
import { GroupUsersTable } from './GroupUsersTable';
import { type GroupFormOutput, type GroupFormValues, groupFormValues, groupResolver } from './groupForm';
import { useGroup, useSaveGroupUsers, useUpdateGroup } from './groups.queries';

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
 * users as leaving; users picked after that join under the new role.
 */
export function GroupEditForm({ group }: { group: Group }) {
  const navigate = useNavigate();
  const update = useUpdateGroup();
  const saveUsers = useSaveGroupUsers();
  const reportError = useFormErrorReport();
  const form = useForm<GroupFormValues, unknown, GroupFormOutput>({
    resolver: groupResolver,
    defaultValues: groupFormValues(group),
  });
  const [pendingRole, setPendingRole] = useState<string | null>(null);
  const [added, setAdded] = useState<GroupUser[]>([]);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const roleChanged = form.watch('roleId') !== group.roleId;
  const busy = update.isPending || saveUsers.isPending;

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
    setRemoving((current) => {
      const next = new Set(current);
      if (!next.delete(user.id)) next.add(user.id);
      return next;
    });

  const submit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync({ id: group.id, body });
    } catch (error) {
      reportError(form, error);
      return;
    }
    notify(TOASTS.groupUpdated, 'success');
    // The new role already removed everyone; only the picked users remain to be added.
    const removed = roleChanged ? [] : [...removing];
    if (added.length > 0 || removed.length > 0) {
      const ids = added.map((user) => user.id);
      const saved = await saveUsers.mutateAsync({ id: group.id, added: ids, removed }).then(
        () => true,
        () => false,
      );
      if (!saved) return;
      notify(TOASTS.usersUpdated, 'success');
    }
    navigate(toGroup(group.id));
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
            <GroupUsersPicker groupId={group.id} value={added} onChange={setAdded} />
            {roleChanged ? (
              <Alert severity="warning">{CONFIRMATIONS.changeGroupRoleDetail}</Alert>
            ) : (
              <GroupUsersTable groupId={group.id} removing={removing} onToggleRemove={toggleRemove} />
            )}
          </Stack>
        </Paper>
        <FormActions cancelTo={toGroup(group.id)} busy={busy} />
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
