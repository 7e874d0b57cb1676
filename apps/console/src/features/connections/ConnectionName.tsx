import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  CONNECTION_STATUS_COLORS,
  CONNECTION_STATUS_LABELS,
  type Connection,
  type OrganizationType,
} from '@skyvault/contract';
import { LazyTooltip } from '../../components/LazyTooltip';

/** The icon names the kind of org for screen readers too. */
const ORG_ICONS: Record<OrganizationType, { Icon: typeof BusinessOutlinedIcon; label: string }> = {
  Production: { Icon: BusinessOutlinedIcon, label: 'Production org' },
  Sandbox: { Icon: ScienceOutlinedIcon, label: 'Sandbox org' },
};

/**
 * A connection that is not connected says so with a chip; a failed one carries its last error as the
 * chip's tooltip and accessible description, so the reason is one hover or focus away.
 */
function ConnectionStatus({ connection }: { connection: Connection }) {
  if (connection.status === 'connected') return null;
  const label = CONNECTION_STATUS_LABELS[connection.status];
  const chip = (
    <Chip
      label={label}
      color={CONNECTION_STATUS_COLORS[connection.status]}
      size="small"
      variant="outlined"
      tabIndex={connection.lastError ? 0 : undefined}
      aria-label={connection.lastError ? `${label}: ${connection.lastError}` : undefined}
    />
  );
  return connection.lastError ? <LazyTooltip title={connection.lastError}>{chip}</LazyTooltip> : chip;
}

/** The Name column: the org kind's icon, the name and, until it works, the connection's state. */
export function ConnectionName({ connection }: { connection: Connection }) {
  const { Icon, label } = ORG_ICONS[connection.organizationType];
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Icon fontSize="small" color="action" titleAccess={label} />
      <span>{connection.name}</span>
      <ConnectionStatus connection={connection} />
    </Stack>
  );
}
