import { SCREEN_NAMES } from '@skyvault/contract';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { ProductTabs } from '../../components/ProductTabs';
import { enabledProducts } from '../../core/licenseProducts';
import { useSessionUser } from '../../core/session/SessionContext';
import { LicenseTab } from './LicenseTab';

/**
 * The tenant's licences (SPEC.md §2 Licenses): a tab per enabled product, the tab in the URL
 * (?tab=backup or ?tab=devops; an unknown or disabled one shows the first tab).
 */
export function LicensesPage() {
  const { services } = useSessionUser();
  const products = enabledProducts(services);

  return (
    <>
      <PageHeader title={SCREEN_NAMES.licenses} />
      {products.length > 0 ? (
        <ProductTabs products={products}>
          {(product) => <LicenseTab key={product} product={product} />}
        </ProductTabs>
      ) : (
        <EmptyState
          title="No services are enabled for your organization"
          description="Licenses belong to the Backup & Archive and DevOps services. Once one of them is enabled for your organization, its license is shown here."
        />
      )}
    </>
  );
}
