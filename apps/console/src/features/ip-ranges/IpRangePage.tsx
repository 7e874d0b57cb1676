import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import { CONFIRMATIONS, type IpRange, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { BackToList, leaveForList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { useLeaveAfterDelete } from '../../components/useLeaveAfterDelete';
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
  const ipRangeId = useItemId('ipRangeId');
  if (!ipRangeId) return <BackToList list={toNetworkAccess()} />;
  return <IpRangeDetails id={ipRangeId} />;
}

/**
 * The range with Edit (a dialog) and Delete. Failures follow SPEC.md §8 for IP range pages: an error the
 * shared handler acts on is left to it, any other goes back to the list (the handler's toast says why).
 */
export function IpRangeDetails({ id }: { id: string }) {
  const leaveAfterDelete = useLeaveAfterDelete(TOASTS.ipRangeDeleted, toNetworkAccess());
  const query = useIpRange(id);
  const remove = useDeleteIpRange();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const leaving = leaveForList(toNetworkAccess(), 'failed', query);
  if (leaving) return leaving;
  const range = query.data;

  const deleteRange = () =>
    remove.mutate(id, {
      onSuccess: leaveAfterDelete,
      // The shared handler's toast explains a refusal (e.g. it would shut out your own address).
      onError: () => setConfirming(false),
    });

  return (
    <>
      <PageHeader
        title={range ? `IP range: ${range.name}` : 'IP range'}
        back={toNetworkAccess()}
        backLabel="Back to Network Access"
        actions={
          range && (
            <>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
              <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </>
          )
        }
      />
      <DetailsCard title="IP range information" item={range} fields={FIELDS} />
      {editing && range && <IpRangeDialog range={range} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={CONFIRMATIONS.deleteIpRange}
        message="Addresses in this range can no longer sign in unless another range includes them. Without any range, every address may sign in."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={deleteRange}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
