import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONFIRMATIONS, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { BackToList, leaveForList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { useLeaveAfterDelete } from '../../components/useLeaveAfterDelete';
import { toGroupEdit, toGroups } from '../../core/paths/links';
import { GroupInfoCard } from './GroupInfoCard';
import { GroupUsersTable } from './GroupUsersTable';
import { useDeleteGroup, useGroup } from './groups.queries';

/** One group (SPEC.md §2 Groups): a missing id goes to the list. */
export function GroupPage() {
  const groupId = useItemId('groupId');
  if (!groupId) return <BackToList list={toGroups()} />;
  return <GroupDetails id={groupId} />;
}

/**
 * The group with its users, Delete and Edit. A failed load shows the server's message in a toast (the
 * shared handler, SPEC.md §8); a group that does not exist sends the page to the list, any other
 * failure leaves the way back and a retry.
 */
export function GroupDetails({ id }: { id: string }) {
  const leaveAfterDelete = useLeaveAfterDelete(TOASTS.groupDeleted, toGroups());
  const query = useGroup(id);
  const remove = useDeleteGroup();
  const [confirming, setConfirming] = useState(false);
  const leaving = leaveForList(toGroups(), 'missing', query);
  if (leaving) return leaving;
  const group = query.data;

  const deleteGroup = () =>
    remove.mutate(id, {
      onSuccess: leaveAfterDelete,
      onError: () => setConfirming(false),
    });

  return (
    <>
      <PageHeader
        title={group ? `Group: ${group.name}` : 'Group'}
        back={toGroups()}
        backLabel="Back to Groups"
        actions={
          group && (
            <>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
              <Button component={Link} to={toGroupEdit(id)} variant="contained" startIcon={<EditIcon />}>
                Edit
              </Button>
            </>
          )
        }
      />
      {query.isError && !group ? (
        <EmptyState
          title="The group could not be loaded"
          action={<RetryButton onClick={() => void query.refetch()}>Try again</RetryButton>}
        />
      ) : (
        <Stack sx={{ gap: 3 }}>
          <GroupInfoCard group={group} />
          <Stack sx={{ gap: 1 }}>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
              Users
            </Typography>
            <GroupUsersTable groupId={id} />
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={CONFIRMATIONS.deleteGroup}
        message="Its users are left without a group."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={deleteGroup}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
