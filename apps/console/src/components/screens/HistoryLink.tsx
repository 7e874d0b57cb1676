import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import { auditEndpoints } from '@skyvault/contract';
import { Link } from 'react-router';
import { toAuditLog } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';

/** Which item's events: the type the API records in the audit trail ('group', 'ip-range' …) and its id. */
export interface HistoryTarget {
  resourceType: string;
  resourceId: string;
}

/** A details screen's "History": the Audit Log filtered to this one item. */
export function HistoryLink({ resourceType, resourceId }: HistoryTarget) {
  const can = useCan();
  // The trail is the audit log's: for the roles that read it.
  if (!can(auditEndpoints.list)) return null;
  return (
    <Button component={Link} to={toAuditLog({ resourceType, resourceId })} startIcon={<HistoryIcon />}>
      History
    </Button>
  );
}
