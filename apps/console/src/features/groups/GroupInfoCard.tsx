import type { Group } from '@skyvault/contract';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';

const FIELDS: DetailsField<Group>[] = [
  { label: 'Name', value: (group) => group.name },
  { label: 'Role', value: (group) => group.roleName },
  { label: 'Description', value: (group) => group.description || '—' },
  { label: 'Users', value: (group) => group.userCount },
  { label: 'Updated At', value: (group) => formatDate(group.updatedAt) },
  { label: 'Created At', value: (group) => formatDate(group.createdAt) },
];

/** The group details screen's card; skeletons until the group has loaded. */
export function GroupInfoCard({ group }: { group: Group | undefined }) {
  return <DetailsCard title="Group information" item={group} fields={FIELDS} />;
}
