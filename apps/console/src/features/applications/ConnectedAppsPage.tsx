import type { ApplicationListItem } from '@skyvault/contract';
import { applicationEndpoints, SCREEN_NAMES } from '@skyvault/contract';
import { useState } from 'react';
import { CopyableSecret } from '../../components/CopyableSecret';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { pageQueryOf, useListParams } from '../../components/useListParams';
import { toConnectedApp } from '../../core/paths/links';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { useApplications } from './applications.queries';
import { CreateConnectedAppDialog } from './CreateConnectedAppDialog';

const columns: DataTableColumn<ApplicationListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (app) => <RouterLink to={toConnectedApp(app.id)}>{app.name}</RouterLink>,
  },
  {
    key: 'clientId',
    header: 'Client Id',
    render: (app) => <CopyableSecret value={app.clientId} label={`client id of ${app.name}`} />,
  },
  {
    key: 'clientSecret',
    header: 'Client Secret',
    render: (app) => <CopyableSecret value={app.clientSecret} label={`client secret of ${app.name}`} />,
  },
  { key: 'active', header: 'Status', render: (app) => <ApplicationStatusChip active={app.active} /> },
  { key: 'updatedAt', header: 'Updated At', render: (app) => formatDate(app.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (app) => formatDate(app.createdAt) },
];

/** The tenant's connected apps (OAuth clients), searchable and paginated, with the create modal (SPEC.md §2). */
export function ConnectedAppsPage() {
  const list = useListParams();
  const [creating, setCreating] = useState(false);
  const apps = useApplications(pageQueryOf(list));
  const createButton = (
    <CreateButton endpoint={applicationEndpoints.create} onClick={() => setCreating(true)} />
  );

  return (
    <ListScreen
      title={SCREEN_NAMES.connectedApps}
      actions={createButton}
      query={apps}
      items="connected apps"
      rows={apps.data?.applications ?? []}
      total={apps.data?.total ?? 0}
      list={list}
      ariaLabel="Connected Apps"
      columns={columns}
      getRowId={(app) => app.id}
      empty={{
        title: 'No connected apps yet',
        description:
          'A connected app lets another application sign your users in with their account here ' +
          '(OAuth 2.0 and OpenID Connect). Create one, then set the addresses it may return users to.',
        action: createButton,
      }}
    >
      {creating && <CreateConnectedAppDialog onClose={() => setCreating(false)} />}
    </ListScreen>
  );
}
