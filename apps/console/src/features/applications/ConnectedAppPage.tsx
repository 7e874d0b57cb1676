import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { toConnectedApps } from './applications.routes';

/** Details of one Connected App; the title gains the app's name once the details are loaded. */
export function ConnectedAppPage() {
  const { applicationId } = useParams();
  // SPEC.md §2: a missing id goes to the list.
  if (!applicationId) return <Navigate to={toConnectedApps()} replace />;
  return (
    <>
      <PageHeader title="Connected App" back={toConnectedApps()} backLabel="Back to Connected Apps" />
      <ScreenPlaceholder />
    </>
  );
}
