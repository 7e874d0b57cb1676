import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { toRoles } from '../../core/paths/links';

/** The role screens show a failed load's message in a toast (SPEC.md §8); this stays on the page. */
export function RoleLoadFailed() {
  return (
    <EmptyState
      title="The role could not be loaded"
      action={
        <Button component={Link} to={toRoles()} variant="outlined">
          Back to Roles
        </Button>
      }
    />
  );
}
