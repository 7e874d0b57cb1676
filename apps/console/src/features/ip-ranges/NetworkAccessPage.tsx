import Typography from '@mui/material/Typography';
import type { IpRange } from '@skyvault/contract';
import { ipRangeEndpoints, SCREEN_NAMES } from '@skyvault/contract';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { useListParams } from '../../components/useListParams';
import { toIpRange } from '../../core/paths/links';
import { IpRangeDialog } from './IpRangeDialog';
import { useIpRanges } from './ip-ranges.queries';

const columns: DataTableColumn<IpRange>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (range) => <RouterLink to={toIpRange(range.id)}>{range.name}</RouterLink>,
  },
  { key: 'startIPAddress', header: 'Start IP address' },
  { key: 'endIPAddress', header: 'End IP address' },
  { key: 'updatedAt', header: 'Updated At', render: (range) => formatDate(range.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (range) => formatDate(range.createdAt) },
];

/**
 * Network Access (SPEC.md §2): the tenant's permitted IP ranges, searchable and all on one page (a
 * tenant keeps a short list), with the create dialog.
 */
export function NetworkAccessPage() {
  const list = useListParams();
  const [creating, setCreating] = useState(false);
  const ranges = useIpRanges({ searchText: list.search || undefined });
  const yourAddress = <YourAddress address={ranges.data?.yourAddress} />;

  return (
    <ListScreen
      title={SCREEN_NAMES.networkAccess}
      actions={<CreateButton endpoint={ipRangeEndpoints.create} onClick={() => setCreating(true)} />}
      query={ranges}
      items="IP ranges"
      rows={ranges.data?.ipRanges ?? []}
      total={ranges.data?.total ?? 0}
      list={list}
      paginated={false}
      ariaLabel="IP ranges"
      columns={columns}
      getRowId={(range) => range.id}
      searchLabel="Search IP ranges"
      intro={
        <Typography variant="body2" color="text.secondary">
          Users of your organization may sign in and use the console only from addresses inside these ranges.{' '}
          {yourAddress}
        </Typography>
      }
      empty={{
        title: 'No IP ranges yet',
        description:
          'Without ranges, users of your organization may sign in from any address. Once you add one, ' +
          'only addresses inside a range may sign in and use the console; the first range must ' +
          'include the address you are using now.',
        action: yourAddress,
      }}
    >
      {creating && <IpRangeDialog onClose={() => setCreating(false)} />}
    </ListScreen>
  );
}

/** The address the administrator calls from: a range must hold it, or the change is refused. */
function YourAddress({ address }: { address: string | undefined }) {
  if (!address) return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      Your current address is <strong>{address}</strong>.
    </Typography>
  );
}
