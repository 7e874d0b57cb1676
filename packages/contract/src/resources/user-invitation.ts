import { z } from 'zod';
import { isoDateSchema, uuidSchema } from '../rules/text.js';

/**
 * The invitation a user who has not set a password yet was last sent: who sent it (null once that
 * user is gone, or for an API token's), when, and until when its link works. A new one (Resend
 * invitation) voids the link of the one before.
 */
export const userInvitationSchema = z.object({
  invitedBy: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  sentAt: isoDateSchema,
  expiresAt: isoDateSchema,
});
export type UserInvitation = z.infer<typeof userInvitationSchema>;

/** The words of invitations (ours: SPEC.md §2 has the users list and Create user only). */
export const INVITATION_MESSAGES = {
  invite: 'Invite user',
  inviteTitle: 'Invite user',
  invited: 'Invitation was successfully sent',
  resend: 'Resend invitation',
  resent: 'Invitation was successfully resent',
  /** The status filter's name for WaitConfirmation users. */
  pending: 'Pending invitation',
  /** Resend invitation for a user who is no longer waiting for one. */
  notPending: 'This user has already accepted the invitation.',
  /** Resend while the user's changed address waits for its proof (see email-change in the API). */
  emailUnproven:
    "This user's new email address has not been confirmed yet, so no invitation can be sent to it. Ask the user to open the confirmation link we e-mailed to the new address, then resend the invitation.",
} as const;
