import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function UsersPage() {
  return (
    <>
      <PageHeader title="Users" />
      <ScreenPlaceholder />
    </>
  );
}
