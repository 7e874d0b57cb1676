import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CONNECTION_HEALTH_LABELS,
  expiryWords,
  SERVICE_LABELS,
  type SecurityOverview,
  SIGN_IN_METHOD_LABELS,
  type SignInMethodKey,
  SECURITY_OVERVIEW_TEXTS as TEXTS,
  TOKEN_UNUSED_DAYS,
  UNUSUAL_SIGN_IN_ACTION,
} from '@skyvault/contract';
import { formatDate } from '../../components/formatDate';
import { productFromName } from '../../core/licenseProducts';
import {
  toConnection,
  toConnections,
  toIdentityProvider,
  toStorage,
  toStorages,
  toUser,
} from '../../core/paths/links';
import { Figure, Figures, ListCard, OverviewCard, Rows } from './OverviewParts';
import { CARD_GRID } from './overviewLayout';
import { overviewLinks as links } from './overviewLinks';

const methodLabel = (method: string) => SIGN_IN_METHOD_LABELS[method as SignInMethodKey] ?? method;
const failures = (count: number) => `${count} ${count === 1 ? 'failure' : 'failures'}`;
const share = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`);

function SignInCards({ overview }: { overview: SecurityOverview }) {
  const { signIns, from } = overview;
  if (!signIns) return null;
  return (
    <>
      <OverviewCard title={TEXTS.signIns}>
        <Figures>
          <Figure value={signIns.total.success} label="successful" to={links.signIns(from, 'success')} />
          <Figure
            value={signIns.total.failure}
            label="failed"
            to={links.signIns(from, 'failure')}
            tone={signIns.total.failure > 0 ? 'error' : undefined}
          />
        </Figures>
        <Rows
          rows={signIns.byMethod}
          empty={TEXTS.noSignIns}
          keyOf={(row) => row.method}
          render={(row) => ({
            name: methodLabel(row.method),
            to: links.method(from, row.method, row.failure > 0 && row.success === 0 ? 'failure' : 'success'),
            value: `${row.success} ok · ${row.failure} failed`,
          })}
        />
      </OverviewCard>
      <OverviewCard title={TEXTS.failedByAddress} to={links.failedFromAddress(from)} linkLabel="Audit log">
        <Rows
          rows={signIns.failedByAddress}
          empty={TEXTS.noFailures}
          keyOf={(row) => row.address}
          render={(row) => ({
            name: row.address,
            to: links.failedFromAddress(from),
            value: failures(row.failures),
          })}
        />
      </OverviewCard>
      <OverviewCard title={TEXTS.failedByAccount}>
        <Rows
          rows={signIns.failedByAccount}
          empty={TEXTS.noFailures}
          keyOf={(row) => row.userId ?? row.email ?? ''}
          render={(row) => ({
            name: row.email ?? row.userId ?? 'Unknown account',
            to: links.failedOfAccount(from, row.userId),
            value: failures(row.failures),
          })}
        />
      </OverviewCard>
    </>
  );
}

function AccountCards({ overview }: { overview: SecurityOverview }) {
  const { accountsWaiting, unusualSignIns, mfa, from } = overview;
  return (
    <>
      {accountsWaiting && (
        <OverviewCard title={TEXTS.accountsWaiting}>
          <Figures>
            <Figure
              value={accountsWaiting.count}
              label="waiting now"
              to={links.signIns(from, 'failure')}
              tone={accountsWaiting.count > 0 ? 'warning' : undefined}
            />
          </Figures>
          <Rows
            rows={accountsWaiting.accounts}
            empty={TEXTS.noneWaiting}
            keyOf={(row) => row.email}
            render={(row) => ({
              name: row.email,
              to: row.userId ? toUser(row.userId) : links.signIns(from, 'failure'),
              value: `until ${formatDate(row.until)}`,
            })}
          />
        </OverviewCard>
      )}
      <OverviewCard title={TEXTS.unusualSignIns}>
        <Figures>
          <Figure
            value={unusualSignIns.count}
            label="alerts"
            to={links.unusualSignIns(from, UNUSUAL_SIGN_IN_ACTION)}
          />
        </Figures>
      </OverviewCard>
      {mfa && (
        <OverviewCard title={TEXTS.mfa}>
          <Figures>
            <Figure
              value={share(mfa.enrolled, mfa.users)}
              label={`of ${mfa.users} users enrolled`}
              to={links.enrolled()}
            />
            <Figure
              value={mfa.notEnrolled}
              label="not enrolled"
              to={links.notEnrolled()}
              tone={mfa.notEnrolled > 0 ? 'warning' : undefined}
            />
          </Figures>
        </OverviewCard>
      )}
    </>
  );
}

function TokenCard({ tokens }: { tokens: NonNullable<SecurityOverview['apiTokens']> }) {
  return (
    <OverviewCard title={TEXTS.apiTokens} to={links.apiTokens()} linkLabel="All tokens">
      <Figures>
        <Figure value={tokens.total} label="tokens" to={links.apiTokens()} />
        <Figure
          value={tokens.unused}
          label={`unused ${TOKEN_UNUSED_DAYS} days`}
          to={links.apiTokens()}
          tone={tokens.unused > 0 ? 'warning' : undefined}
        />
      </Figures>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Made within 30 days: {tokens.byAge.under30Days} · 30–90 days ago: {tokens.byAge.under90Days} · over 90
        days ago: {tokens.byAge.over90Days}
      </Typography>
      <Rows
        rows={tokens.unusedTokens}
        empty={tokens.total === 0 ? TEXTS.noTokens : 'Every token was used recently.'}
        keyOf={(row) => row.id}
        render={(row) => ({
          name: row.name,
          to: links.apiTokens(),
          value: row.lastUsedAt ? `last used ${formatDate(row.lastUsedAt)}` : 'never used',
        })}
      />
    </OverviewCard>
  );
}

const licenseName = (row: { product: string; edition: string; isTrial: boolean }) => {
  const product = productFromName(row.product);
  return `${product ? SERVICE_LABELS[product] : row.product} ${row.edition}${row.isTrial ? ' (trial)' : ''}`;
};

function EnvironmentCards({ overview }: { overview: SecurityOverview }) {
  const { connections, storages, credentials, licenses } = overview;
  return (
    <>
      {connections && (
        <ListCard
          title={TEXTS.connections}
          all={{ to: toConnections(), label: 'All connections' }}
          empty={TEXTS.allHealthy}
          total={connections.unhealthy}
          rows={connections.rows.map((row) => ({
            key: row.id,
            name: row.name,
            to: toConnection(row.id),
            value: CONNECTION_HEALTH_LABELS[row.status],
          }))}
        />
      )}
      {storages && (
        <ListCard
          title={TEXTS.storages}
          all={{ to: toStorages(), label: 'All storages' }}
          empty={TEXTS.allHealthy}
          total={storages.unhealthy}
          rows={storages.rows.map((row) => ({
            key: row.id,
            name: row.name,
            to: toStorage(row.id),
            value: 'Unhealthy',
          }))}
        />
      )}
      {credentials && (
        <ListCard
          title={TEXTS.credentials}
          empty={TEXTS.noCredentialsExpiring}
          rows={credentials.expiring.map((row) => ({
            key: row.id,
            name: row.name,
            to: toIdentityProvider(row.id),
            value: expiryWords(row.expiresAt),
          }))}
        />
      )}
      {licenses && (
        <ListCard
          title={TEXTS.licenses}
          empty={TEXTS.noLicensesEnding}
          rows={licenses.nearEnd.map((row) => ({
            key: row.product,
            name: licenseName(row),
            to: links.license(row.product),
            value: expiryWords(row.endsAt),
          }))}
        />
      )}
    </>
  );
}

/** The overview's cards; a part the caller's roles do not read is left out. */
export function OverviewCards({ overview }: { overview: SecurityOverview }) {
  return (
    <Box sx={CARD_GRID}>
      <SignInCards overview={overview} />
      <AccountCards overview={overview} />
      {overview.apiTokens && <TokenCard tokens={overview.apiTokens} />}
      <EnvironmentCards overview={overview} />
    </Box>
  );
}
