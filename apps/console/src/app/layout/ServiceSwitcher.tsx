import AppsIcon from '@mui/icons-material/Apps';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LazyTooltip } from '../../components/LazyTooltip';
import { linksQuery } from '../../core/system.queries';
import { availableServices } from './availableServices';
import { usePopupMenu } from './usePopupMenu';

const loadPopup = () => import('./ServiceSwitcherPopup');
const ServiceSwitcherPopup = lazy(() =>
  loadPopup().then((module) => ({ default: module.ServiceSwitcherPopup })),
);

/** The top bar's switcher to the tenant's other services; each opens in a new window. */
export function ServiceSwitcher() {
  const { data: links } = useQuery(linksQuery);
  const menu = usePopupMenu(loadPopup);
  const services = links ? availableServices(links) : [];
  if (!links || services.length === 0) return null;

  return (
    <>
      <LazyTooltip title="Services">
        <IconButton color="inherit" aria-label="Switch service" {...menu.buttonProps}>
          <AppsIcon />
        </IconButton>
      </LazyTooltip>
      {menu.mounted && (
        <Suspense fallback={null}>
          <ServiceSwitcherPopup
            id={menu.id}
            anchor={menu.anchor}
            onClose={menu.close}
            services={services}
            links={links}
          />
        </Suspense>
      )}
    </>
  );
}
