import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONFIRMATIONS, groupEndpoints, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { DeleteButton } from '../../components/screens/DeleteButton';
import { DetailsScreen } from '../../components/screens/DetailsScreen';
import { ItemPage } from '../../components/screens/missingItem';
import { toGroupEdit, toGroups } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { AddMembersDialog } from './AddMembersDialog';
import { GroupAdminRolesCard } from './GroupAdminRolesCard';
import { GroupInfoCard } from './GroupInfoCard';
import { GroupUsersTable } from './GroupUsersTable';
import { useDeleteGroup, useGroup } from './groups.queries';

/** One group (SPEC.md §2 Groups): a missing id goes to the list. */
export function GroupPage() {
  return (
    <ItemPage param="groupId" list={toGroups()}>
      {(id) => <GroupDetails id={id} />}
    </ItemPage>
  );
}

/**
 * The group with its users, Delete and Edit. A failed load shows the server's message in a toast (the
 * shared handler, SPEC.md §8); a group that does not exist sends the page to the list, any other
 * failure leaves the way back and a retry.
 */
export function GroupDetails({ id }: { id: string }) {
  const query = useGroup(id);
  const remove = useDeleteGroup();
  const [adding, setAdding] = useState(false);
  const can = useCan();

  return (
    <DetailsScreen
      query={query}
      leaveWhen="missing"
      list={toGroups()}
      noun="Group"
      name={(group) => group.name}
      backLabel="Back to Groups"
      history={{ resourceType: 'group', resourceId: id }}
      actions={() => (
        <DeleteButton
          endpoint={groupEndpoints.remove}
          id={id}
          remove={remove}
          confirmation={CONFIRMATIONS.deleteGroup}
          message="Its users are left without a group."
          deleted={TOASTS.groupDeleted}
          list={toGroups()}
        />
      )}
      edit={toGroupEdit(id)}
      editEndpoint={groupEndpoints.update}
    >
      <Stack sx={{ gap: 3 }}>
        <GroupInfoCard group={query.data} />
        <GroupAdminRolesCard groupId={id} />
        <Stack sx={{ gap: 1 }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
          >
            <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
              Users
            </Typography>
            {can(groupEndpoints.update) && (
              <Button
                variant="outlined"
                startIcon={<PersonAddIcon />}
                onClick={() => setAdding(true)}
                disabled={query.data === undefined}
              >
                Add members
              </Button>
            )}
          </Stack>
          <GroupUsersTable groupId={id} />
        </Stack>
      </Stack>
      {adding && <AddMembersDialog groupId={id} onClose={() => setAdding(false)} />}
    </DetailsScreen>
  );
}
