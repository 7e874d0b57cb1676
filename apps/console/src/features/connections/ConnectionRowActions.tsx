import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { Connection } from '@skyvault/contract';
import { ACTION_LABELS, connectionEndpoints } from '@skyvault/contract';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useCan } from '../../core/session/permissions';

/** Update Token and Delete Connection of one row (SPEC.md §2 Connections). */
export function ConnectionRowActions({
  connection,
  renewing,
  onRenew,
  onDelete,
}: {
  connection: Connection;
  /** While any Update Token call runs, no other starts: the browser is about to leave. */
  renewing: boolean;
  onRenew: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
}) {
  const can = useCan();
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 0.5 }}>
      {can(connectionEndpoints.renew) && (
        <LazyTooltip title={ACTION_LABELS.updateToken}>
          {/* A disabled button fires no events, so the tooltip listens on a wrapper. */}
          <span>
            <IconButton
              aria-label={`${ACTION_LABELS.updateToken} of ${connection.name}`}
              disabled={renewing}
              onClick={() => onRenew(connection)}
            >
              <AutorenewIcon fontSize="small" />
            </IconButton>
          </span>
        </LazyTooltip>
      )}
      {can(connectionEndpoints.remove) && (
        <LazyTooltip title={ACTION_LABELS.deleteConnection}>
          <IconButton
            aria-label={`${ACTION_LABELS.deleteConnection} ${connection.name}`}
            onClick={() => onDelete(connection)}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      )}
    </Stack>
  );
}
