import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function GroupsPage() {
  return (
    <>
      <PageHeader title="Groups" />
      <ScreenPlaceholder />
    </>
  );
}
