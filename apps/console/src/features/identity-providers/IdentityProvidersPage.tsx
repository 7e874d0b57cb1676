import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function IdentityProvidersPage() {
  return (
    <>
      <PageHeader title="Identity Providers" />
      <ScreenPlaceholder />
    </>
  );
}
