import { randomUUID } from 'node:crypto';
import {
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  MESSAGES,
  MFA_POLICY_MESSAGES,
  type MfaStepUp,
  type Passkey,
  type PasskeyCreated,
  type PasskeyCredentialResponse,
  type PasskeySupport,
  type SignInMethod,
} from '@skyvault/contract';
import type { Config } from '../../config.js';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit, recordMfaChallenge } from '../../platform/audit/audit.service.js';
import { verifyAssertion } from './assertion.js';
import { storeChallenge, takeChallenge, takeRegistrationChallenge } from './challenges.js';
import * as repo from './passkeys.repository.js';
import { relyingPartyOf, requireRelyingParty, supportOf } from './relying-party.js';

const toPasskey = (row: repo.PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: iso(row.createdAt),
  lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  backedUp: row.backedUp,
});

/** What the audit trail keeps of a passkey: never its key. */
const audited = (row: repo.PasskeyRow) => ({ name: row.name, backedUp: row.backedUp });

const nameTaken = () =>
  conflict(MFA_POLICY_MESSAGES.passkeyNameTaken, { name: MFA_POLICY_MESSAGES.passkeyNameTaken });
const failed = () => new AppError('BAD_REQUEST', MFA_POLICY_MESSAGES.passkeyFailed);
/** The MFA step-up's own refusal, so that the console asks for it the same way. */
const stepUpRequired = () => invalidField('code', MESSAGES.mfaStepUpRequired);

const transportsOf = (row: repo.PasskeyRow) => row.transports as AuthenticatorTransportFuture[];

/**
 * The e-mails that tell the user a passkey was added or removed, written in the change's transaction
 * and sent once it commits (MFA's, handed in by app.ts: this module does not import MFA).
 */
export interface PasskeyMail {
  added(tx: Tx, tenantId: string, userId: string, name: string): Promise<void>;
  removed(tx: Tx, tenantId: string, userId: string, name: string): Promise<void>;
  nudge(): void;
}

/**
 * Passkeys (WebAuthn): registration as a second factor, their use after the password, and the
 * passwordless sign-in. Relying party id: PUBLIC_URL's host (none on an IP address).
 */
export function createPasskeyService(deps: {
  config: Config;
  database: Database;
  /**
   * MFA's hook for a factor enabled (recovery codes for the first one, the enrolment restriction lifted);
   * handed in by app.ts, as MFA itself asks this module about passkeys.
   */
  firstFactorEnrolled: (tx: Tx, tenantId: string, userId: string) => Promise<string[] | undefined>;
  /** MFA's answer whether the user has an enabled authenticator (a factor besides passkeys). */
  hasEnabledDevice: (tx: Tx, tenantId: string, userId: string) => Promise<boolean>;
  mail: PasskeyMail;
}) {
  const { database, firstFactorEnrolled, hasEnabledDevice, mail } = deps;
  const rp = relyingPartyOf(deps.config);

  /** Whether the user has a factor: a passkey, or an enabled authenticator. */
  const hasFactor = async (tx: Tx, tenantId: string, userId: string) =>
    (await repo.countPasskeys(tenantId, tx, userId)) > 0 || (await hasEnabledDevice(tx, tenantId, userId));

  const load = async (actor: Actor, id: string) => {
    const row = await database.tenant(actor.tenantId, (tx) =>
      repo.findPasskey(actor.tenantId, tx, actor.userId, id),
    );
    if (!row) throw notFound();
    return row;
  };

  return {
    /** Whether passkeys can be offered (PUBLIC_URL's host is a name, not an IP address). */
    support: (): PasskeySupport => supportOf(rp),

    async list(actor: Actor) {
      const rows = await database.tenant(actor.tenantId, (tx) =>
        repo.listPasskeys(actor.tenantId, tx, actor.userId),
      );
      return { passkeys: rows.map(toPasskey) };
    },

    /**
     * Options for navigator.credentials.create(): a discoverable credential, none of the user's again. A
     * user who has a factor gives the step-up (`stepUp`: MFA's check of `proof`) first; the challenge
     * remembers it, and the registration it signs is refused without it.
     */
    async registrationOptions(
      actor: Actor,
      email: string,
      proof: MfaStepUp,
      stepUp: (proof: MfaStepUp) => Promise<void>,
    ) {
      const party = requireRelyingParty(rp);
      const { existing, factor } = await database.tenant(actor.tenantId, async (tx) => ({
        existing: await repo.listPasskeys(actor.tenantId, tx, actor.userId),
        factor: await hasFactor(tx, actor.tenantId, actor.userId),
      }));
      if (factor) await stepUp(proof);
      const options = await generateRegistrationOptions({
        rpName: party.name,
        rpID: party.id,
        userID: new TextEncoder().encode(actor.userId),
        userName: email,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await storeChallenge(database, options.challenge, factor ? 'register-stepped-up' : 'register', actor);
      return { options: options as unknown as Record<string, unknown> };
    },

    /**
     * Registers the browser's new credential; the user's first factor comes with recovery codes. Once the
     * user has a factor, only a challenge handed out after the step-up registers one (checked in the
     * transaction that adds it). The user is e-mailed.
     */
    async create(
      actor: Actor,
      meta: RequestMeta,
      name: string,
      response: PasskeyCredentialResponse,
    ): Promise<PasskeyCreated> {
      const party = requireRelyingParty(rp);
      const taken = await database.tenant(actor.tenantId, (tx) =>
        repo.nameTaken(actor.tenantId, tx, actor.userId, name),
      );
      if (taken) throw nameTaken();
      const { challenge, steppedUp } = await takeRegistrationChallenge(database, response, actor);
      const verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified || !verification.registrationInfo) throw failed();
      const { credential, credentialBackedUp } = verification.registrationInfo;
      let recoveryCodes: string[] | undefined;
      const row = await database.tenant(actor.tenantId, async (tx) => {
        if (await repo.nameTaken(actor.tenantId, tx, actor.userId, name)) throw nameTaken();
        if (!steppedUp && (await hasFactor(tx, actor.tenantId, actor.userId))) throw stepUpRequired();
        const passkey = await repo.insertPasskey(actor.tenantId, tx, {
          id: randomUUID(),
          userId: actor.userId,
          name,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          backedUp: credentialBackedUp,
        });
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'passkey',
          targetId: passkey.id,
          targetName: passkey.name,
          after: audited(passkey),
        });
        recoveryCodes = await firstFactorEnrolled(tx, actor.tenantId, actor.userId);
        await mail.added(tx, actor.tenantId, actor.userId, passkey.name);
        return passkey;
      });
      mail.nudge();
      return { passkey: toPasskey(row), ...(recoveryCodes ? { recoveryCodes } : {}) };
    },

    async rename(actor: Actor, meta: RequestMeta, id: string, name: string) {
      const row = await database.tenant(actor.tenantId, async (tx) => {
        const current = await repo.findPasskey(actor.tenantId, tx, actor.userId, id, { lock: true });
        if (!current) throw notFound();
        if (await repo.nameTaken(actor.tenantId, tx, actor.userId, name, id)) throw nameTaken();
        const renamed = (await repo.updatePasskey(actor.tenantId, tx, id, { name }))!;
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'passkey',
          targetId: id,
          targetName: renamed.name,
          before: audited(current),
          after: audited(renamed),
        });
        return renamed;
      });
      return toPasskey(row);
    },

    /** Deletes a passkey once `stepUp` (a current code or the password) has proven the user. */
    async remove(actor: Actor, meta: RequestMeta, id: string, stepUp: () => Promise<void>) {
      await load(actor, id);
      await stepUp();
      await database.tenant(actor.tenantId, async (tx) => {
        const row = await repo.findPasskey(actor.tenantId, tx, actor.userId, id, { lock: true });
        if (!row) throw notFound();
        await repo.deletePasskey(actor.tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'passkey',
          targetId: id,
          targetName: row.name,
          before: audited(row),
        });
        await mail.removed(tx, actor.tenantId, actor.userId, row.name);
      });
      mail.nudge();
    },

    /**
     * The challenge for the user's passkeys as the second factor after a proven password (pre-login);
     * null when the user has none or passkeys are unavailable.
     */
    async secondFactorOptions(tenantId: string, userId: string): Promise<Record<string, unknown> | null> {
      if (!rp) return null;
      const rows = await database.tenant(tenantId, (tx) => repo.listPasskeys(tenantId, tx, userId));
      if (rows.length === 0) return null;
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: rows.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
        userVerification: 'preferred',
      });
      await storeChallenge(database, options.challenge, 'second-factor', { tenantId, userId });
      return options as unknown as Record<string, unknown>;
    },

    /**
     * Checks a passkey's answer to the user's second-factor challenge (taken: single use) and audits the
     * MFA challenge like a TOTP code (action 'mfa-challenge', success or failure, naming the passkey).
     */
    async acceptSecondFactor(
      tenantId: string,
      userId: string,
      response: PasskeyCredentialResponse,
      signIn: { meta: RequestMeta; method: SignInMethod },
    ): Promise<boolean> {
      if (!rp) return false;
      const challenge = await takeChallenge(database, response, 'second-factor', { tenantId, userId }).catch(
        () => null,
      );
      return database.tenant(tenantId, async (tx) => {
        const row = await repo.findByCredential(tx, response.id);
        const own = row && row.tenantId === tenantId && row.userId === userId ? row : null;
        const accepted =
          challenge !== null && own !== null
            ? await verifyAssertion(tx, rp, own, response, challenge, { requireUserVerification: false })
            : false;
        const factor = own && { type: 'passkey', id: own.id, name: own.name };
        await recordMfaChallenge(tx, signIn, { tenantId, userId }, factor, accepted);
        return accepted;
      });
    },

    /** How many passkeys the user has, in the caller's transaction. */
    countForUser: (tx: Tx, tenantId: string, userId: string): Promise<number> =>
      repo.countPasskeys(tenantId, tx, userId),

    /** Removes every passkey of the user (an administrator's MFA reset), in the caller's transaction. */
    removeAllForUser: (tx: Tx, tenantId: string, userId: string): Promise<number> =>
      repo.deleteAllPasskeys(tenantId, tx, userId),
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
