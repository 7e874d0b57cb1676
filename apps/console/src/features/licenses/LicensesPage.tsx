import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PRODUCT_LABELS, type ServiceKey } from '@skyvault/contract';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../app/layout/PageHeader';
import { useSessionUser } from '../../app/session/SessionContext';
import { EmptyState } from '../../components/EmptyState';
import { LicenseTab } from './LicenseTab';
import { enabledProducts, LICENSE_TAB_NAMES, productFromName } from './licenseProducts';

const tabId = (product: ServiceKey) => `license-tab-${product}`;
const panelId = (product: ServiceKey) => `license-panel-${product}`;

/**
 * The tenant's licences (SPEC.md §2 Licenses): a tab per enabled product, the tab in the URL
 * (?tab=backup or ?tab=devops; an unknown or disabled one shows the first tab).
 */
export function LicensesPage() {
  const { services } = useSessionUser();
  const products = enabledProducts(services);
  const [search, setSearch] = useSearchParams();
  const asked = productFromName(search.get('tab'));
  const current = asked && products.includes(asked) ? asked : products[0];

  return (
    <>
      <PageHeader title="Licenses" />
      {current ? (
        <>
          <Tabs
            value={current}
            onChange={(_, product: ServiceKey) => setSearch({ tab: LICENSE_TAB_NAMES[product] })}
            aria-label="Products"
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
          >
            {products.map((product) => (
              <Tab
                key={product}
                value={product}
                label={PRODUCT_LABELS[product]}
                id={tabId(product)}
                aria-controls={panelId(product)}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)}>
            <LicenseTab key={current} product={current} />
          </Box>
        </>
      ) : (
        <EmptyState
          title="No services are enabled for your organization"
          description="Licenses belong to the Backup & Archive and DevOps services. Once one of them is enabled for your organization, its license is shown here."
        />
      )}
    </>
  );
}
