import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function ConnectionsPage() {
  return (
    <>
      <PageHeader title="Connections" />
      <ScreenPlaceholder />
    </>
  );
}
