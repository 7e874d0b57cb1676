import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function LicensesPage() {
  return (
    <>
      <PageHeader title="Licenses" />
      <ScreenPlaceholder />
    </>
  );
}
