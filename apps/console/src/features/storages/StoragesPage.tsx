import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function StoragesPage() {
  return (
    <>
      <PageHeader title="Storages" />
      <ScreenPlaceholder />
    </>
  );
}
