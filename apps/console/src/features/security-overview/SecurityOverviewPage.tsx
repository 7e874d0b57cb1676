import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  SECURITY_OVERVIEW_TEXTS,
  SECURITY_OVERVIEW_WINDOW_LABELS,
  SECURITY_OVERVIEW_WINDOWS,
  type SecurityOverviewWindow,
} from '@skyvault/contract';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { OverviewCards } from './OverviewCards';
import { CARD_GRID } from './overviewLayout';
import { useSecurityOverview } from './security-overview.queries';

const isWindow = (value: string | null): value is SecurityOverviewWindow =>
  (SECURITY_OVERVIEW_WINDOWS as readonly (string | null)[]).includes(value);

function LoadingCards() {
  return (
    <Box sx={CARD_GRID} aria-busy="true" aria-label="Loading the security overview">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={index} variant="rounded" height={168} />
      ))}
    </Box>
  );
}

/**
 * The security overview (docs/security-overview.md): the first page of Owners and Security
 * administrators. The window is in the URL (?window=7d); every figure links to the list behind it.
 */
export function SecurityOverviewPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('window');
  const window: SecurityOverviewWindow = isWindow(requested) ? requested : '24h';
  const overview = useSecurityOverview(window);

  const choose = (_: unknown, value: SecurityOverviewWindow | null) => {
    if (!value) return;
    setSearch(value === '24h' ? {} : { window: value }, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={SECURITY_OVERVIEW_TEXTS.title}
        actions={
          <ToggleButtonGroup value={window} exclusive size="small" onChange={choose} aria-label="Time window">
            {SECURITY_OVERVIEW_WINDOWS.map((value) => (
              <ToggleButton key={value} value={value}>
                {SECURITY_OVERVIEW_WINDOW_LABELS[value]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      {overview.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Since {formatDate(overview.data.from)} · updated {formatDate(overview.data.generatedAt)}
        </Typography>
      )}
      {overview.isPending ? (
        <LoadingCards />
      ) : overview.isError ? (
        <Alert
          severity="error"
          action={<RetryButton onClick={() => void overview.refetch()}>Try again</RetryButton>}
        >
          The security overview could not be loaded.
        </Alert>
      ) : (
        <OverviewCards overview={overview.data} />
      )}
    </>
  );
}
