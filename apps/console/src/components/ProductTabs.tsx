import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PRODUCT_LABELS, type ServiceKey } from '@skyvault/contract';
import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router';
import { LICENSE_TAB_NAMES, productFromName } from '../core/licenseProducts';

/** Opens a product's tab (?tab=…), keeping the rest of the address; the history gets no new entry. */
export function useOpenProductTab() {
  const [, setSearch] = useSearchParams();
  return (product: ServiceKey) =>
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', LICENSE_TAB_NAMES[product]);
        return next;
      },
      { replace: true },
    );
}

/**
 * A tab per product the tenant has, the tab in the URL (?tab=backup or ?tab=devops; an unknown or
 * disabled one shows the first): the Licenses screen and the role screens.
 */
export function ProductTabs({
  products,
  children,
}: {
  products: readonly ServiceKey[];
  children: (product: ServiceKey) => ReactNode;
}) {
  const [search] = useSearchParams();
  const openTab = useOpenProductTab();
  const id = useId();
  const tabId = (product: ServiceKey) => `${id}-tab-${product}`;
  const panelId = (product: ServiceKey) => `${id}-panel-${product}`;
  const asked = productFromName(search.get('tab'));
  const current = asked && products.includes(asked) ? asked : products[0];
  if (!current) return null;
  return (
    <>
      <Tabs
        value={current}
        onChange={(_, product: ServiceKey) => openTab(product)}
        aria-label="Products"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
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
        {children(current)}
      </Box>
    </>
  );
}
