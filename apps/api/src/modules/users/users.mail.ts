import type { Brand } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.js';
import { templates } from '../../platform/mail/templates.js';

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
}

/**
 * The e-mails an administrator's actions send a user. Both links open the change-password page, whose
 * 'reset-password' code sets the password and confirms the user. Sent after the change commits and
 * without waiting: a slow mail server must not fail the change.
 */
export function createUserMailer(deps: {
  mailer: Mailer;
  brand: Brand;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { mailer, brand, publicUrl, log } = deps;
  const link = (code: string) => `${publicUrl}/auth/change-password?code=${encodeURIComponent(code)}`;

  return (mail: UserMail) => {
    const message =
      mail.kind === 'invitation'
        ? templates.invitation(brand, {
            firstName: mail.firstName,
            tenantName: mail.tenantName,
            invitedBy: mail.actorName,
            url: link(mail.code),
            hours: INVITATION_HOURS,
          })
        : templates.resetPassword(brand, {
            firstName: mail.firstName,
            tenantName: mail.tenantName,
            url: link(mail.code),
            hours: RESET_HOURS,
          });
    mailer.send({ to: mail.to, ...message }).catch((error) => {
      log.error({ err: error }, `user ${mail.kind} e-mail failed`);
    });
  };
}
