import { CONFIRMATIONS, type IpRange, ipRangeEndpoints, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { DeleteButton } from '../../components/screens/DeleteButton';
import { DetailsScreen } from '../../components/screens/DetailsScreen';
import { ItemPage } from '../../components/screens/missingItem';
import { toNetworkAccess } from '../../core/paths/links';
import { IpRangeDialog } from './IpRangeDialog';
import { useDeleteIpRange, useIpRange } from './ip-ranges.queries';

const FIELDS: DetailsField<IpRange>[] = [
  { label: 'Name', value: (range) => range.name },
  { label: 'Start IP address', value: (range) => range.startIPAddress },
  { label: 'End IP address', value: (range) => range.endIPAddress },
  { label: 'Updated At', value: (range) => formatDate(range.updatedAt) },
  { label: 'Created At', value: (range) => formatDate(range.createdAt) },
];

/** One permitted range (SPEC.md §2 Network access): a missing id goes to the list. */
export function IpRangePage() {
  return (
    <ItemPage param="ipRangeId" list={toNetworkAccess()}>
      {(id) => <IpRangeDetails id={id} />}
    </ItemPage>
  );
}

/**
 * The range with Edit (a dialog) and Delete. Failures follow SPEC.md §8 for IP range pages: an error the
 * shared handler acts on is left to it, any other goes back to the list (the handler's toast says why).
 * A refused delete (it would shut out your own address) is the handler's toast too.
 */
export function IpRangeDetails({ id }: { id: string }) {
  const query = useIpRange(id);
  const remove = useDeleteIpRange();
  const [editing, setEditing] = useState(false);
  const range = query.data;

  return (
    <DetailsScreen
      query={query}
      leaveWhen="failed"
      list={toNetworkAccess()}
      noun="IP range"
      name={(loaded) => loaded.name}
      backLabel="Back to Network Access"
      history={{ resourceType: 'ip-range', resourceId: id }}
      actions={() => (
        <DeleteButton
          endpoint={ipRangeEndpoints.remove}
          id={id}
          remove={remove}
          confirmation={CONFIRMATIONS.deleteIpRange}
          message="Addresses in this range can no longer sign in unless another range includes them. Without any range, every address may sign in."
          deleted={TOASTS.ipRangeDeleted}
          list={toNetworkAccess()}
        />
      )}
      edit={() => setEditing(true)}
      editEndpoint={ipRangeEndpoints.update}
    >
      <DetailsCard title="IP range information" item={range} fields={FIELDS} />
      {editing && range && <IpRangeDialog range={range} onClose={() => setEditing(false)} />}
    </DetailsScreen>
  );
}
