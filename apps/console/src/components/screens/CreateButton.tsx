import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { EndpointDef } from '@skyvault/contract';
import { Link } from 'react-router';
import { useCan } from '../../core/session/permissions';

export interface CreateButtonProps {
  /** The call the button leads to: shown only to whom it is open (its access and permission). */
  endpoint: EndpointDef;
  label?: string;
  /** The create screen; without it the button opens the screen's create dialog. */
  to?: string;
  onClick?: () => void;
  /** E.g. to start loading what the dialog needs as the pointer heads for the button. */
  onPointerEnter?: () => void;
}

/** The list screens' Create: in the header, and again in the empty state's call to action. */
export function CreateButton({ endpoint, label = 'Create', to, onClick, onPointerEnter }: CreateButtonProps) {
  const can = useCan();
  if (!can(endpoint)) return null;
  if (to) {
    return (
      <Button component={Link} to={to} variant="contained" startIcon={<AddIcon />}>
        {label}
      </Button>
    );
  }
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick} onPointerEnter={onPointerEnter}>
      {label}
    </Button>
  );
}
