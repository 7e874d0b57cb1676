import type { User } from '@skyvault/contract';
import { adminRoleLabels } from '../../components/adminRoleLabels';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { StatusChip } from '../../components/StatusChip';
import { toGroup } from '../../core/paths/links';
import { invitationText } from './InvitationNote';
import { UserStatusChip } from './UserStatusChip';

const FIELDS: DetailsField<User>[] = [
  { label: 'Email', value: (user) => user.email },
  { label: 'First name', value: (user) => user.firstName },
  { label: 'Last name', value: (user) => user.lastName },
  { label: 'Account state', value: (user) => <UserStatusChip status={user.status} /> },
  {
    label: 'MFA state',
    value: (user) =>
      user.isEnableMfa ? <StatusChip label="Enabled" color="success" /> : <StatusChip label="Not enabled" />,
  },
  {
    label: 'Group',
    value: (user) =>
      user.group ? <RouterLink to={toGroup(user.group.id)}>{user.group.name}</RouterLink> : 'No group',
  },
  {
    label: 'Administrator roles',
    value: (user) => (user.isAdmin ? adminRoleLabels(user.adminRoles) : 'None'),
  },
  { label: 'Last sign-in', value: (user) => (user.lastSignInAt ? formatDate(user.lastSignInAt) : 'Never') },
  { label: 'Created At', value: (user) => formatDate(user.createdAt) },
  { label: 'Updated At', value: (user) => formatDate(user.updatedAt) },
];

/** A user who has not accepted yet: who invited them and until when the link works. */
const WITH_INVITATION: DetailsField<User>[] = [
  ...FIELDS,
  { label: 'Invitation', value: (user) => (user.invitation ? invitationText(user.invitation) : '') },
];

/** The details screen's info card (SPEC.md §2 Users); skeletons until the user has loaded. */
export function UserInfoCard({ user }: { user: User | undefined }) {
  return (
    <DetailsCard title="User information" item={user} fields={user?.invitation ? WITH_INVITATION : FIELDS} />
  );
}
