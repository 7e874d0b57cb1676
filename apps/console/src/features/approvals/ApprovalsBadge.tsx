import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link } from 'react-router';
import { LazyTooltip } from '../../components/LazyTooltip';
import { toApprovals } from '../../core/paths/links';
import { useApprovalCount } from './approvals.queries';
import { APPROVAL_TEXTS as T } from './approvals.texts';

/** The top bar's way to the inbox, with the number of requests the administrator may decide. */
export function ApprovalsBadge() {
  const count = useApprovalCount().data?.pendingForMe ?? 0;
  const label = T.badge(count);
  return (
    <LazyTooltip title={label}>
      <IconButton color="inherit" component={Link} to={toApprovals()} aria-label={label}>
        {/* No number at all while none waits: a drawn "0" would be text the link's name does not hold. */}
        <Badge badgeContent={count > 0 ? count : undefined} color="error" max={99}>
          <FactCheckIcon />
        </Badge>
      </IconButton>
    </LazyTooltip>
  );
}
