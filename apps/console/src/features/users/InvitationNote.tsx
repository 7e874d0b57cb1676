import Typography from '@mui/material/Typography';
import type { UserInvitation } from '@skyvault/contract';
import { formatDate } from '../../components/formatDate';

/** 'Invited by Ada Lovelace · link expires March 6, 2025 at 14:05' (or 'expired'), under a pending user's status. */
export function invitationText(invitation: UserInvitation, now = Date.now()) {
  const by = invitation.invitedBy ? `Invited by ${invitation.invitedBy.name}` : 'Invited';
  const expired = Date.parse(invitation.expiresAt) <= now;
  return `${by} · link ${expired ? 'expired' : 'expires'} ${formatDate(invitation.expiresAt)}`;
}

export function InvitationNote({ invitation }: { invitation: UserInvitation }) {
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
      {invitationText(invitation)}
    </Typography>
  );
}
