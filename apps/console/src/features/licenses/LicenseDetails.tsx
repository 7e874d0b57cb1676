import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ServiceKey } from '@skyvault/contract';
import { useState } from 'react';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { ExpiredLicenseDialog } from './ExpiredLicenseDialog';
import { LicenseCard } from './LicenseCard';
import { LicenseLimitsTable } from './LicenseLimitsTable';
import { LicenseLoading } from './LicenseLoading';
import { useLicense } from './licenses.queries';
import { TrialOfferCard } from './TrialOfferCard';

/**
 * The licence card and its limits. An expired licence keeps its card (the red date says why) while its
 * table is blurred behind the dialog that blocks this product's tab; the other tabs stay usable.
 */
export function LicenseDetails({ product, expired }: { product: ServiceKey; expired: boolean }) {
  const query = useLicense(product);
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  if (query.isPending) return <LicenseLoading />;
  if (query.isError) return <LoadFailed what="license" onRetry={() => void query.refetch()} />;
  const { license } = query.data;
  // Removed since the state was read: there is nothing but the offer to show.
  if (!license) return <TrialOfferCard product={product} />;

  return (
    <Box ref={setPanel} sx={{ position: 'relative', minHeight: expired ? 360 : undefined }}>
      <Stack sx={{ gap: 2, maxWidth: 720 }}>
        <LicenseCard license={license} expired={expired} />
        <LicenseLimitsTable product={product} limits={license.limits} hidden={expired} />
      </Stack>
      {expired && panel && <ExpiredLicenseDialog container={panel} />}
    </Box>
  );
}
