import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Alert from '@mui/material/Alert';
import type { SupportSessionInfo } from '@skyvault/contract';
import { formatDate } from '../../components/formatDate';
import { SUPPORT_ACCESS_TEXTS as T } from './support-access.texts';

/**
 * Above every page of a support session: who is in the console, for which ticket, what they may do
 * and when it ends. The session's answer carries it (GET /auth/session `support`).
 */
export function SupportSessionBanner({ support }: { support: SupportSessionInfo }) {
  return (
    <Alert severity="warning" icon={<SupportAgentIcon />} role="status" sx={{ mb: 2 }}>
      {T.banner(support.operator, support.ticket, support.mode, formatDate(support.expiresAt))}
    </Alert>
  );
}
