import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { API_TOKEN_TEXTS, type ApiToken, apiTokenEndpoints, type CreatedApiToken } from '@skyvault/contract';
import { useState } from 'react';
import { ApiTokenExpiry, ApiTokenName } from '../../components/api-tokens/ApiTokenCells';
import { CreateApiTokenDialog } from '../../components/api-tokens/CreateApiTokenDialog';
import { ShownOnceApiTokenDialog } from '../../components/api-tokens/ShownOnceApiTokenDialog';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { TitledSection } from '../../components/TitledSection';
import { routes } from '../../core/paths/routes';
import { useScimTokens } from './provisioning.queries';
import { PROVISIONING_TEXTS } from './provisioning.texts';

const T = PROVISIONING_TEXTS;
const A = API_TOKEN_TEXTS;

/**
 * The tenant's SCIM tokens (never the tokens themselves), Create SCIM token, and the new token shown
 * once. Revoking stays on Security → API Tokens, which lists every token. Create SCIM token is that
 * screen's create dialog with the scope fixed to `scim`, a name and an expiry of a year unless changed.
 */
export function ScimTokens() {
  const tokens = useScimTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const rows = tokens.data ?? [];
  return (
    <TitledSection
      title={T.tokens}
      busy={tokens.isPending}
      actions={
        <CreateButton
          endpoint={apiTokenEndpoints.create}
          label={T.create}
          onClick={() => setCreating(true)}
        />
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.tokensHelp}
      </Typography>
      {tokens.isError ? (
        <LoadFailed what="SCIM tokens" onRetry={() => void tokens.refetch()} />
      ) : rows.length > 0 ? (
        <TokenTable rows={rows} />
      ) : (
        !tokens.isPending && <EmptyState title={T.noTokens} />
      )}
      <Typography variant="body2" sx={{ mt: 2 }}>
        <RouterLink to={routes['api-tokens.index']}>{T.manage}</RouterLink>
      </Typography>
      {creating && (
        <CreateApiTokenDialog
          scope="scim"
          title={T.createTitle}
          description={T.tokensHelp}
          defaultName={T.defaultName}
          defaultExpiry="365"
          onCreated={setCreated}
          onClose={() => setCreating(false)}
        />
      )}
      {created && <ShownOnceApiTokenDialog token={created} onClose={() => setCreated(null)} />}
    </TitledSection>
  );
}

function TokenTable({ rows }: { rows: readonly ApiToken[] }) {
  return (
    <Table size="small" aria-label={T.tokens}>
      <TableHead>
        <TableRow>
          {[A.columns.name, A.columns.createdBy, A.columns.expiresAt, A.columns.lastUsed].map((header) => (
            <TableCell key={header} sx={{ fontWeight: 600 }}>
              {header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((token) => (
          <TableRow key={token.id}>
            <TableCell>
              <ApiTokenName token={token} />
            </TableCell>
            <TableCell>{token.createdBy?.name ?? A.unknownCreator}</TableCell>
            <TableCell>
              <ApiTokenExpiry token={token} />
            </TableCell>
            <TableCell>{token.lastUsedAt ? formatDate(token.lastUsedAt) : A.never}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
