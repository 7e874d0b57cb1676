import { PageHeader } from '../../app/layout/PageHeader';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function MfaDevicesPage() {
  return (
    <>
      <PageHeader title="MFA Devices" />
      <ScreenPlaceholder />
    </>
  );
}
