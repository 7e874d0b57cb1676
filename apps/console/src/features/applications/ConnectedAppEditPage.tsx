import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { toConnectedApp, toConnectedApps } from './applications.routes';

export function ConnectedAppEditPage() {
  const { applicationId } = useParams();
  if (!applicationId) return <Navigate to={toConnectedApps()} replace />;
  return (
    <>
      <PageHeader
        title="Edit Connected App"
        back={toConnectedApp(applicationId)}
        backLabel="Back to the Connected App"
      />
      <ScreenPlaceholder />
    </>
  );
}
