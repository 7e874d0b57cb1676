import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { fullName } from '../../components/fullName';
import { BackToList, leaveForList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { toUsers } from '../../core/paths/links';
import { UserActions } from './UserActions';
import { UserDialog } from './UserDialog';
import { UserInfoCard } from './UserInfoCard';
import { UserPermissionsCard } from './UserPermissionsCard';
import { useUser } from './users.queries';

/** One user (SPEC.md §2 Users): a missing id goes to the list. */
export function UserPage() {
  const userId = useItemId('userId');
  if (!userId) return <BackToList list={toUsers()} />;
  return <UserDetails id={userId} />;
}

/**
 * The details of the user with this id. A failed load shows the server's message in a toast (the
 * shared handler, SPEC.md §8); a user that does not exist sends the page to the list (§2), any other
 * failure leaves the way back and a retry.
 */
export function UserDetails({ id }: { id: string }) {
  const query = useUser(id);
  const [editing, setEditing] = useState(false);
  const leaving = leaveForList(toUsers(), 'missing', query);
  if (leaving) return leaving;
  const user = query.data;

  return (
    <>
      <PageHeader
        title={user ? `User: ${fullName(user)}` : 'User'}
        back={toUsers()}
        backLabel="Back to Users"
        actions={
          user && (
            <>
              <UserActions user={user} />
              <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </>
          )
        }
      />
      {query.isError && !user ? (
        <EmptyState
          title="The user could not be loaded"
          action={<RetryButton onClick={() => void query.refetch()}>Try again</RetryButton>}
        />
      ) : (
        <>
          <UserInfoCard user={user} />
          <UserPermissionsCard userId={id} />
        </>
      )}
      {editing && user && <UserDialog user={user} onClose={() => setEditing(false)} />}
    </>
  );
}
