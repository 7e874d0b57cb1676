import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function ConnectedAppsPage() {
  return (
    <>
      <PageHeader title="Connected Apps" />
      <ScreenPlaceholder />
    </>
  );
}
