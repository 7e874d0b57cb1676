import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_PAGE_SIZE,
  NO_DATA_AVAILABLE,
  ORGANIZATION_TYPE_LABELS,
  SCREEN_TITLES,
  TOASTS,
} from '@skyvault/contract';
import { useId, useState } from 'react';
import { useDismissAfterAsking } from '../../components/DiscardChangesDialog';
import { SearchField } from '../../components/SearchField';
import { notify } from '../../core/toasts/notify';
import type { ChosenConnection } from './rolePermissionsForm';
import { useConnectionChoices } from './roles.queries';

export interface AddConnectionsDialogProps {
  open: boolean;
  /** Connections the tab lists already: shown ticked, not offered again. */
  listedIds: readonly string[];
  onAdd: (chosen: ChosenConnection[]) => void;
  onClose: () => void;
}

/** Picks orgs for a role's connection permissions: searchable, paginated, several at once (SPEC.md §2 Roles). */
export function AddConnectionsDialog({ open, listedIds, onAdd, onClose }: AddConnectionsDialogProps) {
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const choices = useConnectionChoices(
    { limit: DEFAULT_PAGE_SIZE, offset: page * DEFAULT_PAGE_SIZE, search },
    open,
  );
  const rows = choices.data?.rows ?? [];
  const listed = new Set(listedIds);

  const toggle = (id: string, name: string) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });

  const close = () => {
    setChosen(new Map());
    setSearch('');
    setPage(0);
    onClose();
  };
  // Ticked connections not yet added are the dialog's unsaved changes: Esc, a click beside it and Close ask first.
  const { dismiss, prompt } = useDismissAfterAsking(chosen.size > 0, close);

  const add = () => {
    onAdd([...chosen].map(([id, name]) => ({ id, name })));
    // Nothing is sent yet: the rows join the form, which Save keeps (hence no 'successfully updated').
    notify(TOASTS.connectionsAddedToForm, 'info');
    close();
  };

  return (
    <Dialog open={open} onClose={dismiss} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{SCREEN_TITLES.addConnections}</DialogTitle>
      <DialogContent>
        <SearchField
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(0);
          }}
        />
        <LinearProgress sx={{ mt: 2, visibility: choices.isFetching ? 'visible' : 'hidden' }} aria-hidden />
        <List dense aria-label="Connections" aria-busy={choices.isFetching}>
          {rows.map((connection) => {
            const isListed = listed.has(connection.id);
            const labelId = `${titleId}-${connection.id}`;
            return (
              <ListItem key={connection.id} disablePadding>
                <ListItemButton disabled={isListed} onClick={() => toggle(connection.id, connection.name)}>
                  <ListItemIcon>
                    <Checkbox
                      edge="start"
                      tabIndex={-1}
                      disableRipple
                      checked={isListed || chosen.has(connection.id)}
                      slotProps={{ input: { 'aria-labelledby': labelId } }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    id={labelId}
                    primary={connection.name}
                    secondary={ORGANIZATION_TYPE_LABELS[connection.organizationType]}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {choices.isSuccess && rows.length === 0 && (
          <Typography sx={{ py: 2, textAlign: 'center', color: 'text.secondary' }}>
            {NO_DATA_AVAILABLE}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={choices.data?.count ?? 0}
          page={page}
          rowsPerPage={DEFAULT_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_, next) => setPage(next)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={dismiss}>Close</Button>
        <Button variant="contained" onClick={add} disabled={chosen.size === 0}>
          Add
        </Button>
      </DialogActions>
      {prompt}
    </Dialog>
  );
}
