import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function RolesPage() {
  return (
    <>
      <PageHeader title="Roles" />
      <ScreenPlaceholder />
    </>
  );
}
