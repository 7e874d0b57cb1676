import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { BackToList, leaveForList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { toConnectedAppEdit, toConnectedApps } from '../../core/paths/links';
import { useApplication } from './applications.queries';
import { ConnectedAppActions } from './ConnectedAppActions';
import { ConnectedAppCards } from './ConnectedAppCards';

/** Details of one Connected App (SPEC.md §2): a missing id goes to the list. */
export function ConnectedAppPage() {
  const applicationId = useItemId('applicationId');
  if (!applicationId) return <BackToList list={toConnectedApps()} />;
  return <ConnectedAppDetails id={applicationId} />;
}

/** The app with this id: title, Actions, Edit and the three cards; the page above takes the id from the URL. */
export function ConnectedAppDetails({ id }: { id: string }) {
  const query = useApplication(id);
  // SPEC.md §8: the shared handler has shown the error; unless it is taking the user elsewhere, back to the list.
  const leaving = leaveForList(toConnectedApps(), 'failed', query);
  if (leaving) return leaving;
  const app = query.data;

  return (
    <>
      <PageHeader
        title={app ? `Connected App: ${app.name}` : 'Connected App'}
        back={toConnectedApps()}
        backLabel="Back to Connected Apps"
        actions={
          app && (
            <>
              <ConnectedAppActions app={app} />
              <Button
                component={Link}
                to={toConnectedAppEdit(id)}
                variant="contained"
                startIcon={<EditIcon />}
              >
                Edit
              </Button>
            </>
          )
        }
      />
      {app && app.data.oauth.authorizedCallbackURLs.length === 0 && (
        // A new app starts without one (no address is a safe guess), and so signs nobody in yet.
        <Alert severity="info" sx={{ mb: 2, maxWidth: 720 }}>
          This app cannot sign anyone in until it has a callback URL. Choose Edit to add one.
        </Alert>
      )}
      <ConnectedAppCards app={app} />
    </>
  );
}
