import type { Brand } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { findSignedInUser } from '../sessions/index.js';

export interface MfaMailDeps {
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
}

/**
 * The e-mails about a user's second factors: a recovery code used, all factors reset by an
 * administrator. Written to the outbox in the change's transaction; they go out once it commits.
 */
export function createMfaMailer(deps: MfaMailDeps) {
  const { outbox, brand, publicUrl } = deps;
  const devicesUrl = `${publicUrl}/mfa`;
  const recipient = async (tx: Tx, tenantId: string, userId: string) => {
    const user = await findSignedInUser(tenantId, tx, userId);
    if (!user) throw new Error('the user of an MFA change is gone');
    return user;
  };
  return {
    async recoveryCodeUsed(tx: Tx, tenantId: string, userId: string, remaining: number) {
      const user = await recipient(tx, tenantId, userId);
      const message = templates.recoveryCodeUsed(brand, {
        firstName: user.firstName,
        tenantName: user.tenantName,
        remaining,
        url: devicesUrl,
      });
      await outbox.enqueueMail(tx, { to: user.email, ...message }, tenantId);
    },
    async mfaReset(tx: Tx, tenantId: string, userId: string, resetBy: string) {
      const user = await recipient(tx, tenantId, userId);
      const message = templates.mfaReset(brand, {
        firstName: user.firstName,
        tenantName: user.tenantName,
        resetBy,
        url: devicesUrl,
      });
      await outbox.enqueueMail(tx, { to: user.email, ...message }, tenantId);
    },
    nudge: () => outbox.nudge(),
  };
}

export type MfaMailer = ReturnType<typeof createMfaMailer>;
