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
 * What changed among a user's factors, for the e-mail that tells them: whether a factor was added or
 * removed, and a sentence naming it ("The passkey "Work-laptop" was added to your account").
 */
export interface FactorChange {
  kind: 'added' | 'removed' | 'changed';
  change: string;
}

/** The sentences of the factor e-mails, so that every caller words a change alike. */
export const factorChanges = {
  deviceAdded: (name: string): FactorChange => ({
    kind: 'added',
    change: `The authenticator app "${name}" was added to your account`,
  }),
  deviceEnabled: (name: string): FactorChange => ({
    kind: 'added',
    change: `The authenticator app "${name}" was enabled again on your account`,
  }),
  deviceDisabled: (name: string): FactorChange => ({
    kind: 'removed',
    change: `The authenticator app "${name}" was disabled on your account`,
  }),
  deviceRemoved: (name: string): FactorChange => ({
    kind: 'removed',
    change: `The authenticator app "${name}" was removed from your account`,
  }),
  deviceSecretReset: (name: string): FactorChange => ({
    kind: 'removed',
    change: `The authenticator app "${name}" was given a new secret: its old codes no longer work until it is confirmed again`,
  }),
  passkeyAdded: (name: string): FactorChange => ({
    kind: 'added',
    change: `The passkey "${name}" was added to your account`,
  }),
  passkeyRemoved: (name: string): FactorChange => ({
    kind: 'removed',
    change: `The passkey "${name}" was removed from your account`,
  }),
  recoveryCodesRegenerated: (): FactorChange => ({
    kind: 'changed',
    change: 'New recovery codes were made for your account; the earlier ones no longer work',
  }),
  passkeysRemovedBy: (by: string, count: number): FactorChange => ({
    kind: 'removed',
    change: `${by} removed your ${count === 1 ? 'passkey' : `${count} passkeys`}`,
  }),
};

/**
 * The e-mails about a user's second factors: a factor added or removed, a recovery code used, all
 * factors reset by an administrator. Written to the outbox in the change's transaction; they go out
 * once it commits.
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
    /** A factor added or removed (by the user, or by an administrator). */
    async factorChanged(tx: Tx, tenantId: string, userId: string, what: FactorChange) {
      const user = await recipient(tx, tenantId, userId);
      const message = templates.factorChanged(brand, {
        firstName: user.firstName,
        tenantName: user.tenantName,
        ...what,
        url: devicesUrl,
      });
      await outbox.enqueueMail(tx, { to: user.email, ...message }, tenantId);
    },
    nudge: () => outbox.nudge(),
  };
}

export type MfaMailer = ReturnType<typeof createMfaMailer>;

/** The passkeys module's e-mails (handed in by app.ts, as that module does not import this one). */
export const passkeyMailOf = (mailer: MfaMailer) => ({
  added: (tx: Tx, tenantId: string, userId: string, name: string) =>
    mailer.factorChanged(tx, tenantId, userId, factorChanges.passkeyAdded(name)),
  removed: (tx: Tx, tenantId: string, userId: string, name: string) =>
    mailer.factorChanged(tx, tenantId, userId, factorChanges.passkeyRemoved(name)),
  nudge: () => mailer.nudge(),
});
