import Stack from '@mui/material/Stack';
import {
  type Application,
  GRANT_TYPE_LABELS,
  multiTenantLabel,
  OAUTH_SCOPE_LABELS,
} from '@skyvault/contract';
import { CopyableSecret } from '../../components/CopyableSecret';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { ExpandableUrlList } from './ExpandableUrlList';
import { lifetimeInMinutes } from './lifetimeText';

/** A list of option labels, one a line; 'None' when nothing is allowed. */
const labels = (values: readonly string[], names: Record<string, string>) =>
  values.length > 0 ? values.map((value) => names[value] ?? value).join('\n') : 'None';

const APP_FIELDS: DetailsField<Application>[] = [
  { label: 'Name', value: (app) => app.name },
  { label: 'Client Id', value: (app) => <CopyableSecret value={app.clientId} label="client id" /> },
  {
    label: 'Client Secret',
    value: (app) => <CopyableSecret value={app.clientSecret} label="client secret" />,
  },
  { label: 'Status', value: (app) => <ApplicationStatusChip active={app.active} /> },
  { label: 'Multi-tenant mode', value: (app) => multiTenantLabel(app.shared) },
  { label: 'Updated At', value: (app) => formatDate(app.updatedAt) },
  { label: 'Created At', value: (app) => formatDate(app.createdAt) },
];

const OAUTH_FIELDS: DetailsField<Application>[] = [
  { label: 'Allowed flows', value: (app) => labels(app.data.oauth.allowedFlows, GRANT_TYPE_LABELS) },
  { label: 'Allowed scopes', value: (app) => labels(app.data.oauth.allowedScopes, OAUTH_SCOPE_LABELS) },
  {
    label: 'Access token lifetime',
    value: (app) => lifetimeInMinutes(app.data.authorizationPolicy.accessTokenLifetime),
  },
  {
    label: 'Refresh token lifetime',
    value: (app) => lifetimeInMinutes(app.data.authorizationPolicy.refreshTokenLifetime),
  },
];

const URL_FIELDS: DetailsField<Application>[] = [
  {
    label: 'Callback URLs',
    value: (app) => <ExpandableUrlList urls={app.data.oauth.authorizedCallbackURLs} label="Callback URLs" />,
  },
  {
    label: 'Sign-out URLs',
    value: (app) => <ExpandableUrlList urls={app.data.oauth.authorizedSignOutURLs} label="Sign-out URLs" />,
  },
];

/** The details screen's three cards (SPEC.md §2), one under the other; skeletons until the app has loaded. */
export function ConnectedAppCards({ app }: { app: Application | undefined }) {
  return (
    <Stack sx={{ gap: 3 }}>
      <DetailsCard title="App information" item={app} fields={APP_FIELDS} />
      <DetailsCard title="OAuth information" item={app} fields={OAUTH_FIELDS} />
      <DetailsCard title="Authorized URLs" item={app} fields={URL_FIELDS} />
    </Stack>
  );
}
