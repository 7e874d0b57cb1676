import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type LicenseLimit, PRODUCT_LABELS, type ServiceKey } from '@skyvault/contract';
import { formatLimit } from './licenseLimits';

interface LimitColumn {
  header: string;
  value: (limit: LicenseLimit) => string;
  /** A value an expired licence no longer shows. */
  secret?: boolean;
}

/** Backup lists Resource and Limit; DevOps lists each licence level's seats, Used and Available (SPEC.md §2). */
const COLUMNS: Record<ServiceKey, LimitColumn[]> = {
  backup: [
    { header: 'Resource', value: (limit) => limit.label },
    { header: 'Limit', value: (limit) => formatLimit(limit.name, limit.available), secret: true },
  ],
  devOps: [
    { header: 'License Edition', value: (limit) => limit.label },
    { header: 'Used', value: (limit) => (limit.used === null ? '—' : String(limit.used)), secret: true },
    { header: 'Available', value: (limit) => formatLimit(limit.name, limit.available), secret: true },
  ],
};

/** What an expired licence shows instead of its values. */
export const LIMIT_PLACEHOLDER = '•••';

/**
 * The licence's limits. `hidden` (an expired licence) blurs the table and replaces its values with a
 * placeholder: the blocking dialog above it says why, and the numbers are not for reading any more.
 */
export function LicenseLimitsTable({
  product,
  limits,
  hidden = false,
}: {
  product: ServiceKey;
  limits: readonly LicenseLimit[];
  hidden?: boolean;
}) {
  const columns = COLUMNS[product];
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      aria-hidden={hidden || undefined}
      sx={hidden ? { filter: 'blur(4px)', userSelect: 'none', pointerEvents: 'none' } : undefined}
    >
      <Table aria-label={`${PRODUCT_LABELS[product]} license limits`} size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} sx={{ fontWeight: 600 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {limits.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                This license has no limits
              </TableCell>
            </TableRow>
          )}
          {limits.map((limit) => (
            <TableRow key={limit.name}>
              {columns.map((column) => (
                <TableCell key={column.header}>
                  {hidden && column.secret ? LIMIT_PLACEHOLDER : column.value(limit)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
