import type { ServiceKey } from '@skyvault/contract';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { LicenseDetails } from './LicenseDetails';
import { LicenseLoading } from './LicenseLoading';
import { useLicenseState } from './licenses.queries';
import { TrialOfferCard } from './TrialOfferCard';

/** One product's tab: the trial offer without a licence, otherwise the licence (blocked once expired). */
export function LicenseTab({ product }: { product: ServiceKey }) {
  const state = useLicenseState(product);
  if (state.isPending) return <LicenseLoading />;
  if (state.isError) return <LoadFailed what="license" onRetry={() => void state.refetch()} />;
  if (state.data.state === 'No License') return <TrialOfferCard product={product} />;
  return <LicenseDetails product={product} expired={state.data.state === 'Expired License'} />;
}
