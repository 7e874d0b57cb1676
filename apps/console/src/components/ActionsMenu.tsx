import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { EndpointDef } from '@skyvault/contract';
import { useId, useState } from 'react';
import { useCan } from '../core/session/permissions';

export interface MenuAction {
  label: string;
  /** The call the item makes: the item is left out for whom it is not open (access and permission). */
  endpoint: EndpointDef;
  onSelect: () => void;
  disabled?: boolean;
}

/**
 * The 'Actions' button of a details screen and its menu (SPEC.md §2): choosing an item closes the menu,
 * then runs the item. The button and menu are linked for screen readers.
 */
export function ActionsMenu({
  actions,
  label = 'Actions',
}: {
  actions: readonly MenuAction[];
  label?: string;
}) {
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const can = useCan();
  const allowed = actions.filter((action) => can(action.endpoint));
  // Nothing this user may do here (an Auditor): no menu at all.
  if (allowed.length === 0) return null;
  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {allowed.map((action) => (
          <MenuItem
            key={action.label}
            disabled={action.disabled}
            onClick={() => {
              setAnchor(null);
              action.onSelect();
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
