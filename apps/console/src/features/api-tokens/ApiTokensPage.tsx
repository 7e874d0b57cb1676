import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_TEXTS,
  type ApiToken,
  apiTokenEndpoints,
  type CreatedApiToken,
} from '@skyvault/contract';
import { useState } from 'react';
import { ApiTokenExpiry, ApiTokenName } from '../../components/api-tokens/ApiTokenCells';
import { CreateApiTokenDialog } from '../../components/api-tokens/CreateApiTokenDialog';
import { ShownOnceApiTokenDialog } from '../../components/api-tokens/ShownOnceApiTokenDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { useApiTokens, useRevokeApiToken } from './api-tokens.queries';

const T = API_TOKEN_TEXTS;

function columns(onRevoke?: (token: ApiToken) => void): DataTableColumn<ApiToken>[] {
  return [
    {
      key: 'name',
      header: T.columns.name,
      render: (token) => <ApiTokenName token={token} />,
    },
    { key: 'scope', header: T.columns.scope, render: (token) => API_TOKEN_SCOPE_LABELS[token.scope] },
    {
      key: 'createdBy',
      header: T.columns.createdBy,
      render: (token) => token.createdBy?.name ?? T.unknownCreator,
    },
    { key: 'createdAt', header: T.columns.createdAt, render: (token) => formatDate(token.createdAt) },
    {
      key: 'expiresAt',
      header: T.columns.expiresAt,
      render: (token) => <ApiTokenExpiry token={token} />,
    },
    {
      key: 'lastUsed',
      header: T.columns.lastUsed,
      render: (token) =>
        token.lastUsedAt ? (
          <Stack>
            <span>{formatDate(token.lastUsedAt)}</span>
            {token.lastUsedIp && (
              <Typography variant="caption" color="text.secondary">
                {token.lastUsedIp}
              </Typography>
            )}
          </Stack>
        ) : (
          T.never
        ),
    },
    // Revoke: for the roles that may (an Auditor reads the tokens only).
    ...(onRevoke
      ? [
          {
            key: 'actions',
            header: T.actions,
            align: 'right' as const,
            render: (token: ApiToken) => (
              <Button
                color="error"
                size="small"
                onClick={() => onRevoke(token)}
                aria-label={T.revokeLabel(token.name)}
              >
                {T.revoke}
              </Button>
            ),
          },
        ]
      : []),
  ];
}

/**
 * Security → API Tokens: the tenant's tokens on one page (a short list), the create dialog and then the
 * token shown once, and Revoke after a confirmation.
 */
export function ApiTokensPage() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const rows = tokens.data?.apiTokens ?? [];
  const createButton = (
    <CreateButton endpoint={apiTokenEndpoints.create} label={T.create} onClick={() => setCreating(true)} />
  );

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notify(T.revokedToast, 'success'),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <ListScreen
      title={T.screenTitle}
      actions={createButton}
      query={tokens}
      items="API tokens"
      rows={rows}
      total={rows.length}
      paginated={false}
      ariaLabel={T.screenTitle}
      columns={columns(can(apiTokenEndpoints.revoke) ? setRevoking : undefined)}
      getRowId={(token) => token.id}
      intro={
        <Typography variant="body2" color="text.secondary">
          {T.intro}
        </Typography>
      }
      empty={{ title: T.empty, description: T.emptyHelp, action: createButton }}
    >
      {creating && <CreateApiTokenDialog onCreated={setCreated} onClose={() => setCreating(false)} />}
      {created && <ShownOnceApiTokenDialog token={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={T.revokeTitle}
        message={revoking ? T.revokeConfirm(revoking.name) : undefined}
        confirmLabel={T.revoke}
        destructive
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </ListScreen>
  );
}
