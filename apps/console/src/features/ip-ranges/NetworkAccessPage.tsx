import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function NetworkAccessPage() {
  return (
    <>
      <PageHeader title="Network Access" />
      <ScreenPlaceholder />
    </>
  );
}
