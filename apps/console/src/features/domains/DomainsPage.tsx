import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DOMAIN_MESSAGES, type Domain, domainEndpoints } from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { useCan } from '../../core/session/permissions';
import { AddDomainDialog } from './AddDomainDialog';
import { DomainRecordDialog } from './DomainRecordDialog';
import { DomainStatusChip } from './DomainStatusChip';
import { useDeleteDomain, useDomains, useVerifyDomain } from './domains.queries';

const WHY =
  'Verify the domain of your organization’s e-mail addresses by publishing a DNS TXT record. Once it is ' +
  'verified, nobody else can sign up a separate organization with an address on it: colleagues are told to ' +
  'ask you for an invitation instead.';

/** A row's buttons, each named with its domain for screen readers. */
function RowActions({
  domain,
  onShow,
  onDelete,
}: {
  domain: Domain;
  onShow: () => void;
  onDelete: () => void;
}) {
  const verify = useVerifyDomain();
  const can = useCan();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" onClick={onShow} aria-label={`DNS record of ${domain.domain}`}>
        DNS record
      </Button>
      {can(domainEndpoints.verify) && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => verify.mutate(domain.id)}
          disabled={verify.isPending}
          aria-label={`Verify ${domain.domain}`}
        >
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </Button>
      )}
      {can(domainEndpoints.remove) && (
        <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${domain.domain}`}>
          Delete
        </Button>
      )}
    </Stack>
  );
}

/**
 * Security → Domains: the organization's e-mail domains with their status, Add (then the record to
 * publish), Verify, the record again, and Delete with a confirmation.
 */
export function DomainsPage() {
  const domains = useDomains();
  const remove = useDeleteDomain();
  const [adding, setAdding] = useState(false);
  const [showing, setShowing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const rows = domains.data?.domains ?? [];
  const shown = rows.find((row) => row.id === showing);

  const columns: DataTableColumn<Domain>[] = [
    { key: 'domain', header: 'Domain' },
    { key: 'status', header: 'Status', render: (row) => <DomainStatusChip domain={row} /> },
    {
      key: 'verifiedAt',
      header: 'Verified At',
      render: (row) => (row.verifiedAt ? formatDate(row.verifiedAt) : '—'),
    },
    {
      key: 'checkedAt',
      header: 'Last Checked',
      render: (row) => (row.checkedAt ? formatDate(row.checkedAt) : '—'),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <RowActions domain={row} onShow={() => setShowing(row.id)} onDelete={() => setDeleting(row)} />
      ),
    },
  ];

  return (
    <ListScreen
      title={DOMAIN_MESSAGES.screenTitle}
      actions={
        <CreateButton endpoint={domainEndpoints.create} label="Add domain" onClick={() => setAdding(true)} />
      }
      query={domains}
      items="domains"
      rows={rows}
      total={domains.data?.total ?? 0}
      paginated={false}
      ariaLabel="Domains"
      columns={columns}
      getRowId={(row) => row.id}
      intro={
        <Typography variant="body2" color="text.secondary">
          {WHY}
        </Typography>
      }
      empty={{ title: 'No domains yet', description: WHY }}
    >
      {adding && (
        <AddDomainDialog onClose={() => setAdding(false)} onAdded={(domain) => setShowing(domain.id)} />
      )}
      {shown && <DomainRecordDialog domain={shown} onClose={() => setShowing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={DOMAIN_MESSAGES.deleteConfirm}
        message={deleting ? `${deleting.domain}: ${DOMAIN_MESSAGES.deleteDetail}` : undefined}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
        onClose={() => setDeleting(null)}
      />
    </ListScreen>
  );
}
