import Alert from '@mui/material/Alert';
import { applicationEndpoints, SCREEN_TITLES } from '@skyvault/contract';
import { DetailsScreen } from '../../components/screens/DetailsScreen';
import { ItemPage } from '../../components/screens/missingItem';
import { toConnectedAppEdit, toConnectedApps } from '../../core/paths/links';
import { useApplication } from './applications.queries';
import { ConnectedAppActions } from './ConnectedAppActions';
import { ConnectedAppCards } from './ConnectedAppCards';

/** Details of one Connected App (SPEC.md §2): a missing id goes to the list. */
export function ConnectedAppPage() {
  return (
    <ItemPage param="applicationId" list={toConnectedApps()}>
      {(id) => <ConnectedAppDetails id={id} />}
    </ItemPage>
  );
}

/**
 * The app with this id: title, Actions, Edit and the three cards; the page above takes the id from the URL.
 * SPEC.md §8: a failed load goes back to the list, once the shared handler has shown the error.
 */
export function ConnectedAppDetails({ id }: { id: string }) {
  const query = useApplication(id);
  const app = query.data;

  return (
    <DetailsScreen
      query={query}
      leaveWhen="failed"
      list={toConnectedApps()}
      noun={SCREEN_TITLES.connectedApp}
      name={(loaded) => loaded.name}
      backLabel="Back to Connected Apps"
      history={{ resourceType: 'application', resourceId: id }}
      actions={(loaded) => <ConnectedAppActions app={loaded} />}
      edit={toConnectedAppEdit(id)}
      editEndpoint={applicationEndpoints.update}
    >
      {app && app.data.oauth.authorizedCallbackURLs.length === 0 && (
        // A new app starts without one (no address is a safe guess), and so signs nobody in yet.
        <Alert severity="info" sx={{ mb: 2, maxWidth: 720 }}>
          This app cannot sign anyone in until it has a callback URL. Choose Edit to add one.
        </Alert>
      )}
      <ConnectedAppCards app={app} />
    </DetailsScreen>
  );
}
