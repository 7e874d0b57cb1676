import type { Brand } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';

/** Invitation links give a new user two days to set a password, like a sign-up's verification link. */
export const INVITATION_HOURS = 48;
/** A reset asked for by an administrator lasts as long as a forgotten-password link. */
export const RESET_HOURS = 24;

export interface UserMail {
  kind: 'invitation' | 'reset';
  to: string;
  firstName: string;
  code: string;
  tenantName: string;
  actorName: string;
  tenantId: string;
}

/**
 * The e-mails an administrator's actions send a user. Both links open the change-password page, whose
 * 'reset-password' code sets the password and confirms the user. Written to the outbox in the
 * change's transaction (they go out once it commits); a slow mail server does not fail the change.
 */
export function createUserMailer(deps: { outbox: MailOutbox; brand: Brand; publicUrl: string }) {
  const { outbox, brand, publicUrl } = deps;
  const link = (code: string) => `${publicUrl}/auth/change-password?code=${encodeURIComponent(code)}`;

  return (tx: Tx, mail: UserMail) => {
    const message =
      mail.kind === 'invitation'
        ? templates.invitation(brand, {
            firstName: mail.firstName,
            tenantName: mail.tenantName,
            invitedBy: mail.actorName,
            url: link(mail.code),
            hours: INVITATION_HOURS,
          })
        : templates.passwordResetByAdministrator(brand, {
            firstName: mail.firstName,
            tenantName: mail.tenantName,
            resetBy: mail.actorName,
            url: link(mail.code),
            hours: RESET_HOURS,
          });
    return outbox.enqueueMail(tx, { to: mail.to, ...message }, mail.tenantId);
  };
}
