import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Stack from '@mui/material/Stack';
import type { Connection, OrganizationType } from '@skyvault/contract';
import { RouterLink } from '../../components/RouterLink';

/** The icon names the kind of org for screen readers too. */
const ORG_ICONS: Record<OrganizationType, { Icon: typeof BusinessOutlinedIcon; label: string }> = {
  Production: { Icon: BusinessOutlinedIcon, label: 'Production org' },
  Sandbox: { Icon: ScienceOutlinedIcon, label: 'Sandbox org' },
};

/**
 * The org kind's icon and the connection's name: in the list a link to the connection's page (`to`),
 * on that page its title.
 */
export function ConnectionName({ connection, to }: { connection: Connection; to?: string }) {
  const { Icon, label } = ORG_ICONS[connection.organizationType];
  return (
    <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 1, display: 'inline-flex' }}>
      <Icon fontSize="small" color="action" titleAccess={label} />
      {to ? <RouterLink to={to}>{connection.name}</RouterLink> : <span>{connection.name}</span>}
    </Stack>
  );
}
