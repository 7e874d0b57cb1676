import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link } from 'react-router';

export interface CreateButtonProps {
  label?: string;
  /** The create screen; without it the button opens the screen's create dialog. */
  to?: string;
  onClick?: () => void;
  /** E.g. to start loading what the dialog needs as the pointer heads for the button. */
  onPointerEnter?: () => void;
}

/** The list screens' Create: in the header, and again in the empty state's call to action. */
export function CreateButton({ label = 'Create', to, onClick, onPointerEnter }: CreateButtonProps) {
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
