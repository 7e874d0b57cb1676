import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ACTION_LABELS, NO_DATA } from '@skyvault/contract';
import { LazyTooltip } from '../../components/LazyTooltip';
import { RIGHT_LABELS } from '../../core/connectionRights';
import { SectionCard } from './SectionCard';

type Right = keyof typeof RIGHT_LABELS;

export interface ConnectionPermissionsTableProps<R extends Right> {
  /** The table's accessible name, e.g. 'Backup & Archive connection permissions'. */
  ariaLabel: string;
  rights: readonly R[];
  rows: readonly ({ id: string; name: string } & Record<NoInfer<R>, boolean>)[];
  /** Read access: the rights stay off and cannot be turned on. */
  rightsDisabled?: boolean;
  /** Without these the table is read-only (the details screen). */
  onToggle?: (id: string, right: NoInfer<R>, value: boolean) => void;
  onRemove?: (id: string) => void;
  onAdd?: () => void;
}

/** The role's rights per connection (org) in one product, with ADD CONNECTIONS and a delete icon a row. */
export function ConnectionPermissionsTable<R extends Right>({
  ariaLabel,
  rights,
  rows,
  rightsDisabled = false,
  onToggle,
  onRemove,
  onAdd,
}: ConnectionPermissionsTableProps<R>) {
  const editable = Boolean(onToggle);
  const addButton = onAdd && (
    <Button variant="outlined" size="small" startIcon={<AddIcon />} onClick={onAdd}>
      {ACTION_LABELS.addConnections}
    </Button>
  );
  return (
    <SectionCard title="Connection permissions" actions={addButton}>
      <TableContainer>
        <Table aria-label={ariaLabel} size="small" sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Name</TableCell>
              {rights.map((right) => (
                <TableCell key={right} align="center" sx={{ fontWeight: 600 }}>
                  {RIGHT_LABELS[right]}
                </TableCell>
              ))}
              {editable && <TableCell sx={{ width: 56 }} aria-label="Actions" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={rights.length + 2} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {editable
                    ? `No connections yet: use ${ACTION_LABELS.addConnections} to give rights on an org.`
                    : NO_DATA}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.name}</TableCell>
                {rights.map((right) => (
                  <TableCell key={right} align="center" padding="checkbox">
                    <Checkbox
                      checked={row[right]}
                      disabled={!editable || rightsDisabled}
                      onChange={(event) => onToggle?.(row.id, right, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `${RIGHT_LABELS[right]}: ${row.name}` } }}
                    />
                  </TableCell>
                ))}
                {editable && (
                  <TableCell padding="checkbox">
                    <LazyTooltip title="Remove connection">
                      <IconButton aria-label={`Remove ${row.name}`} onClick={() => onRemove?.(row.id)}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </LazyTooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}
