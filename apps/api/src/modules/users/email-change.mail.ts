import { type Brand, EMAIL_PROOF_LINK_DAYS } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';

/**
 * An address with most of it hidden (`a***@e***.example`): enough for the old address's owner to
 * recognise their own new address, too little to hand a stranger someone's address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, Math.max(at, 0));
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const suffix = dot > 0 ? domain.slice(dot) : '';
  const hide = (part: string) => `${part.slice(0, 1)}***`;
  return `${hide(local)}@${hide(host)}${suffix}`;
}

/** Who changed the address, as the notice names them: a person, or the token a script or IdP used. */
export function changedByName(actor: Actor, actorName: string): string {
  if (!actor.token) return `The administrator ${actorName}`;
  const { name, scope } = actor.token;
  return scope === 'scim' ? `The provisioning (SCIM) token "${name}"` : `The API token "${name}"`;
}

/** A moment as the notice says it, the same for every reader: `2025-05-01 09:30 UTC`. */
export const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface ProofMail {
  to: string;
  firstName: string;
  tenantName: string;
  tenantId: string;
  token: string;
}

export interface ChangeNotice {
  to: string;
  firstName: string;
  tenantName: string;
  tenantId: string;
  changedBy: string;
  at: Date;
  newEmail: string;
}

/**
 * The two e-mails of an address change, written to the outbox in the change's transaction: the proof
 * link to the new address (its page is the console's /auth/confirm-email), the notice to the old one.
 */
export function createEmailChangeMailer(deps: { outbox: MailOutbox; brand: Brand; publicUrl: string }) {
  const { outbox, brand, publicUrl } = deps;
  const link = (token: string) => `${publicUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;

  return {
    proof: (tx: Tx, mail: ProofMail) =>
      outbox.enqueueMail(
        tx,
        {
          to: mail.to,
          ...templates.proveEmail(brand, {
            firstName: mail.firstName,
            tenantName: mail.tenantName,
            url: link(mail.token),
            days: EMAIL_PROOF_LINK_DAYS,
          }),
        },
        mail.tenantId,
      ),

    notice: (tx: Tx, mail: ChangeNotice) =>
      outbox.enqueueMail(
        tx,
        {
          to: mail.to,
          ...templates.emailChanged(brand, {
            firstName: mail.firstName,
            tenantName: mail.tenantName,
            changedBy: mail.changedBy,
            at: utcMinute(mail.at),
            newEmail: maskEmail(mail.newEmail),
          }),
        },
        mail.tenantId,
      ),
  };
}
