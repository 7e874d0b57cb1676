import {
  adminRoleEndpoints,
  auditEndpoints,
  permissionEndpoints,
  SCREEN_TITLES,
  signedInSessionEndpoints,
  userEndpoints,
  userMfaEndpoints,
} from '@skyvault/contract';
import { useState } from 'react';
import { fullName } from '../../components/fullName';
import { DetailsScreen } from '../../components/screens/DetailsScreen';
import { ItemPage } from '../../components/screens/missingItem';
import { toUsers } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { AdminRolesCard } from './AdminRolesCard';
import { UserActions } from './UserActions';
import { UserDialog } from './UserDialog';
import { UserInfoCard } from './UserInfoCard';
import { UserMfaCard } from './UserMfaCard';
import { UserPermissionsCard } from './UserPermissionsCard';
import { UserScimCard } from './UserScimCard';
import { UserSessionsCard } from './UserSessionsCard';
import { UserSignInsCard } from './UserSignInsCard';
import { useUser } from './users.queries';

/** One user (SPEC.md §2 Users): a missing id goes to the list. */
export function UserPage() {
  return (
    <ItemPage param="userId" list={toUsers()}>
      {(id) => <UserDetails id={id} />}
    </ItemPage>
  );
}

/**
 * The details of the user with this id. A failed load shows the server's message in a toast (the
 * shared handler, SPEC.md §8); a user that does not exist sends the page to the list (§2), any other
 * failure leaves the way back and a retry.
 */
export function UserDetails({ id }: { id: string }) {
  const can = useCan();
  const query = useUser(id);
  const [editing, setEditing] = useState(false);
  const user = query.data;

  return (
    <DetailsScreen
      query={query}
      leaveWhen="missing"
      list={toUsers()}
      noun={SCREEN_TITLES.user}
      name={fullName}
      backLabel="Back to Users"
      history={{ resourceType: 'user', resourceId: id }}
      actions={(loaded) => <UserActions user={loaded} />}
      edit={() => setEditing(true)}
      editEndpoint={userEndpoints.update}
    >
      <UserInfoCard user={user} />
      {/* Each card reads a call of its own: shown to the roles it is open to. */}
      {can(adminRoleEndpoints.ofUser) && <AdminRolesCard userId={id} />}
      {can(permissionEndpoints.ofUser) && <UserPermissionsCard userId={id} />}
      {can(userMfaEndpoints.get) && <UserMfaCard userId={id} />}
      {user && <UserScimCard user={user} />}
      {can(signedInSessionEndpoints.ofUser) && <UserSessionsCard userId={id} />}
      {can(auditEndpoints.signIns) && <UserSignInsCard userId={id} />}
      {editing && user && <UserDialog user={user} onClose={() => setEditing(false)} />}
    </DetailsScreen>
  );
}
