import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { MfaDevice } from '@skyvault/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { RouterLink } from '../../components/RouterLink';
import { SearchField } from '../../components/SearchField';
import { useListParams } from '../../components/useListParams';
import { toMfaDevice } from '../../core/paths/links';
import { AddMfaDevice } from './AddMfaDevice';
import { preloadMfaQrDialog } from './LazyMfaQrDialog';
import { MfaStatusChip } from './MfaStatusChip';
import { useMfaDevices } from './mfa.queries';

const columns: DataTableColumn<MfaDevice>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (device) => <RouterLink to={toMfaDevice(device.id)}>{device.name}</RouterLink>,
  },
  { key: 'status', header: 'Status', render: (device) => <MfaStatusChip status={device.status} /> },
  { key: 'updatedAt', header: 'Updated At', render: (device) => formatDate(device.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (device) => formatDate(device.createdAt) },
];

/** The signed-in user's authenticator devices (SPEC.md §2 MFA devices). */
export function MfaDevicesPage() {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const devices = useMfaDevices({ limit: list.pageSize, offset: list.offset, searchText: list.search });
  const rows = devices.data?.mfa ?? [];
  const total = devices.data?.total ?? 0;
  const hasNoDevices = devices.isSuccess && !devices.isPlaceholderData && total === 0 && !list.search;

  const startAdding = () => setAdding(true);
  const addButton = (label: string) => (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={startAdding}
      // The QR dialog's code starts loading as soon as the pointer heads for the button.
      onPointerEnter={() => void preloadMfaQrDialog()}
    >
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader title="MFA Devices" actions={addButton('Add')} />
      {devices.isError && !devices.data ? (
        <EmptyState
          title="The MFA devices could not be loaded"
          action={<RetryButton onClick={() => void devices.refetch()}>Try again</RetryButton>}
        />
      ) : hasNoDevices ? (
        <EmptyState
          title="No MFA devices yet"
          description={
            'An MFA device is an authenticator app on your phone, such as Google Authenticator or ' +
            'Microsoft Authenticator. Once one is added, logging in also asks for the 6-digit code it ' +
            'shows, so your password alone is no longer enough to get into your account.'
          }
          action={addButton('Add MFA device')}
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <SearchField value={list.search} onSearch={list.setSearch} />
          <DataTable
            ariaLabel="MFA Devices"
            columns={columns}
            rows={rows}
            getRowId={(device) => device.id}
            total={total}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={devices.isFetching}
          />
        </Stack>
      )}
      {adding && <AddMfaDevice onClose={() => setAdding(false)} />}
    </>
  );
}
