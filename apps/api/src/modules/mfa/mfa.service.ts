import { randomUUID } from 'node:crypto';
import type {
  MfaDevice,
  MfaDeviceCreate,
  MfaDeviceCreated,
  MfaDeviceVerified,
  MfaStepUp,
  SignInMethod,
} from '@skyvault/contract';
import { MESSAGES, NAME_TAKEN, NOT_FOUND, REFUSALS, WARNINGS } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, invalidField, invalidTotp, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { type AuditAction, recordAudit, recordMfaChallenge } from '../../platform/audit/audit.service.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import type { PasskeyService } from '../passkeys/index.js';
import type { PasswordService } from '../passwords/index.js';
import { createFactorTries } from './factor-tries.js';
import { firstFactorEnrolled } from './first-factor.js';
import { createMfaMailer, type FactorChange, factorChanges, type MfaMailDeps } from './mfa.mail.js';
import * as repo from './mfa.repository.js';
import { createRecoveryCodes } from './recovery-codes.service.js';
import { acceptedStep, newTotpSecret, otpauthUri } from './totp.js';

const toDevice = (row: repo.MfaDeviceRow): MfaDevice => ({
  id: row.id,
  name: row.name,
  status: row.status,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** What the audit trail keeps of a device: never its secret. */
const audited = (row: repo.MfaDeviceRow) => ({ name: row.name, status: row.status });

const wrongCode = () => invalidTotp(MESSAGES.mfaCodeIncorrect);
const stepUpRequired = () => invalidField('code', MESSAGES.mfaStepUpRequired);

/**
 * A user's own TOTP devices. Every call acts on the caller's devices only: another user's device id
 * answers 404 just like an unknown one.
 */
export function createMfaService(deps: {
  database: Database;
  secrets: SecretBox;
  limiter: RateLimiter;
  passwords: Pick<PasswordService, 'confirmOwn'>;
  /** The user's passkeys are factors too: adding a device after one asks for the step-up. */
  passkeys: Pick<PasskeyService, 'countForUser'>;
  issuer: string;
  mail: MfaMailDeps;
}) {
  const { database, secrets, limiter, passwords, passkeys, issuer } = deps;
  const mailer = createMfaMailer(deps.mail);
  const tries = createFactorTries(limiter);

  /** Whether the user has a factor (an enabled device, `exceptId` left out, or a passkey). */
  const hasFactor = async (tx: Tx, tenantId: string, userId: string, exceptId?: string) =>
    (await repo.hasEnabledDevice(tenantId, tx, userId, exceptId)) ||
    (await passkeys.countForUser(tx, tenantId, userId)) > 0;
  const told = (actor: Actor, what: FactorChange) => (tx: Tx) =>
    mailer.factorChanged(tx, actor.tenantId, actor.userId, what);

  const load = async (actor: Actor, id: string) => {
    const row = await database.tenant(actor.tenantId, (tx) =>
      repo.findDevice(actor.tenantId, tx, actor.userId, id),
    );
    if (!row) throw notFound(NOT_FOUND.mfaDevice);
    return row;
  };

  /** Loads, checks and changes one device in one transaction, with its audit event. */
  const change = (
    actor: Actor,
    meta: RequestMeta,
    id: string,
    action: AuditAction,
    apply: (row: repo.MfaDeviceRow, tx: Tx) => Promise<repo.DeviceChanges> | repo.DeviceChanges,
    /** More work of the same transaction, after the change and its audit event. */
    then?: (tx: Tx) => Promise<void>,
  ) =>
    database.tenant(actor.tenantId, async (tx) => {
      const before = await repo.findDevice(actor.tenantId, tx, actor.userId, id, { lock: true });
      if (!before) throw notFound(NOT_FOUND.mfaDevice);
      const after = await repo.updateDevice(actor.tenantId, tx, id, await apply(before, tx));
      await recordAudit(tx, meta, {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        action,
        targetType: 'mfa-device',
        targetId: id,
        targetName: after.name,
        before: audited(before),
        after: audited(after),
      });
      await then?.(tx);
      return after;
    });

  const uriFor = (email: string, secret: string) => otpauthUri(secret, issuer, email);

  /** The device that takes the code, its time step burnt so that the code is not used twice; or null. */
  const deviceTaking = async (tenantId: string, tx: Tx, userId: string, code: string) => {
    for (const device of await repo.enabledDevices(tenantId, tx, userId)) {
      const secret = secrets.open(sealedAt.mfaDeviceSecret(tenantId, device.id), device.secret);
      const step = acceptedStep(secret, code, device.lastUsedStep);
      if (step !== null && (await repo.claimStep(tenantId, tx, device.id, step))) return device;
    }
    return null;
  };

  /** A code from any of the user's enabled devices (a step-up before a sensitive change). */
  const acceptCode = (tenantId: string, userId: string, code: string): Promise<boolean> =>
    database.tenant(tenantId, async (tx) => (await deviceTaking(tenantId, tx, userId, code)) !== null);

  /** Whether the caller has a factor, read in its own transaction (the change re-checks in its own). */
  const callerHasFactor = (actor: Actor, exceptId?: string) =>
    database.tenant(actor.tenantId, (tx) => hasFactor(tx, actor.tenantId, actor.userId, exceptId));

  /**
   * The MFA challenge of a sign-in: accepted or refused, it is audited in the transaction that burns
   * the code's step, naming the device that took it.
   */
  const acceptLoginCode = (
    tenantId: string,
    userId: string,
    code: string,
    signIn: { meta: RequestMeta; method: SignInMethod },
  ): Promise<boolean> =>
    database.tenant(tenantId, async (tx) => {
      const device = await deviceTaking(tenantId, tx, userId, code);
      const factor = device && { type: 'mfa-device', id: device.id, name: device.name };
      await recordMfaChallenge(tx, signIn, { tenantId, userId }, factor, device !== null);
      return device !== null;
    });

  /**
   * Step-up before removing a factor that guards the login, or adding one beside it: a current code
   * (a try on the user's second-factor limit, like at login) or the account password (counted by the
   * password service).
   */
  const proveFactor = async (actor: Actor, proof: MfaStepUp): Promise<void> => {
    if (proof?.code) {
      const code = proof.code;
      if (await tries.attempt(actor.userId, () => acceptCode(actor.tenantId, actor.userId, code))) return;
      throw wrongCode();
    }
    if (proof?.password) return passwords.confirmOwn(actor, proof.password);
    throw stepUpRequired();
  };

  /**
   * Asks for the step-up when the device is enabled; answers whether it was given, so that the change's
   * own transaction can refuse a device that was enabled in the meantime.
   */
  const stepUpFor = async (actor: Actor, device: repo.MfaDeviceRow, proof: MfaStepUp) => {
    if (device.status !== 'Enable') return false;
    await proveFactor(actor, proof);
    return true;
  };
  /** Asks for the step-up when the user has a factor (adding one); answers whether it was given. */
  const stepUpToAdd = async (actor: Actor, proof: MfaStepUp, exceptId?: string) => {
    if (!(await callerHasFactor(actor, exceptId))) return false;
    await proveFactor(actor, proof);
    return true;
  };
  const assertStepUp = (device: repo.MfaDeviceRow, proved: boolean) => {
    if (device.status === 'Enable' && !proved) throw stepUpRequired();
  };

  return {
    async list(actor: Actor, query: { limit: number; offset: number; searchText?: string }) {
      const { rows, total } = await database.tenant(actor.tenantId, (tx) =>
        repo.listDevices(actor.tenantId, tx, actor.userId, query),
      );
      return { mfa: rows.map(toDevice), total };
    },

    get: async (actor: Actor, id: string) => toDevice(await load(actor, id)),

    /**
     * A new device waiting for confirmation. A user who has a factor gives the step-up first; the device
     * keeps whether its secret was issued after one (verify refuses it otherwise).
     */
    async create(
      actor: Actor,
      meta: RequestMeta,
      { name, ...proof }: MfaDeviceCreate,
      email: string,
    ): Promise<MfaDeviceCreated> {
      // A taken name is refused before the step-up, so that it does not use a code up for nothing.
      const taken = await database.tenant(actor.tenantId, (tx) =>
        repo.nameTaken(actor.tenantId, tx, actor.userId, name),
      );
      if (taken) throw conflict(NAME_TAKEN.mfaDevice, { name: NAME_TAKEN.mfaDevice });
      const steppedUp = await stepUpToAdd(actor, proof);
      const secret = newTotpSecret();
      const row = await database.tenant(actor.tenantId, async (tx) => {
        if (await repo.nameTaken(actor.tenantId, tx, actor.userId, name))
          throw conflict(NAME_TAKEN.mfaDevice, { name: NAME_TAKEN.mfaDevice });
        const id = randomUUID();
        const device = await repo.insertDevice(actor.tenantId, tx, {
          id,
          userId: actor.userId,
          name,
          secret: secrets.seal(sealedAt.mfaDeviceSecret(actor.tenantId, id), secret),
          issuedWithStepUp: steppedUp,
        });
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'mfa-device',
          targetId: device.id,
          targetName: device.name,
          after: audited(device),
        });
        return device;
      });
      return { id: row.id, otpPathUrl: uriFor(email, secret) };
    },

    async rename(actor: Actor, meta: RequestMeta, id: string, name: string) {
      const row = await database.tenant(actor.tenantId, async (tx) => {
        const current = await repo.findDevice(actor.tenantId, tx, actor.userId, id);
        if (!current) throw notFound(NOT_FOUND.mfaDevice);
        if (current.name === name) throw invalidField('name', WARNINGS.mfaDeviceNameSame);
        if (await repo.nameTaken(actor.tenantId, tx, actor.userId, name, id))
          throw conflict(NAME_TAKEN.mfaDevice, { name: NAME_TAKEN.mfaDevice });
        return current;
      });
      return toDevice(await change(actor, meta, row.id, 'update', () => ({ name })));
    },

    async remove(actor: Actor, meta: RequestMeta, id: string, proof: MfaStepUp) {
      const proved = await stepUpFor(actor, await load(actor, id), proof);
      await database.tenant(actor.tenantId, async (tx) => {
        const row = await repo.findDevice(actor.tenantId, tx, actor.userId, id, { lock: true });
        if (!row) throw notFound(NOT_FOUND.mfaDevice);
        assertStepUp(row, proved);
        await repo.deleteDevice(actor.tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'mfa-device',
          targetId: id,
          targetName: row.name,
          before: audited(row),
        });
        // A device never confirmed was no factor: nothing to tell.
        if (row.status === 'Enable') await told(actor, factorChanges.deviceRemoved(row.name))(tx);
      });
      mailer.nudge();
    },

    /**
     * Confirms a new or reset device with a code from it; the code is a try on the second-factor limit.
     * A secret issued without a step-up is not confirmed once the user has another factor. The user's
     * first factor comes with their recovery codes, and ends an enrolment restriction; every one is
     * e-mailed to the user.
     */
    async verify(actor: Actor, meta: RequestMeta, id: string, code: string): Promise<MfaDeviceVerified> {
      const row = await load(actor, id);
      if (row.status === 'Enable') throw conflict(WARNINGS.mfaDeviceAlreadyEnabled);
      const taken: { step: number | null } = { step: null };
      const accepted = await tries.attempt(actor.userId, async () => {
        const secret = secrets.open(sealedAt.mfaDeviceSecret(actor.tenantId, row.id), row.secret);
        taken.step = acceptedStep(secret, code, row.lastUsedStep);
        return taken.step !== null;
      });
      const confirmedStep = taken.step;
      if (!accepted || confirmedStep === null) throw wrongCode();
      let recoveryCodes: string[] | undefined;
      const device = await change(
        actor,
        meta,
        id,
        'enable',
        async (before, tx) => {
          if (!before.issuedWithStepUp && (await hasFactor(tx, actor.tenantId, actor.userId, id)))
            throw stepUpRequired();
          return { status: 'Enable', lastUsedStep: confirmedStep };
        },
        async (tx) => {
          recoveryCodes = await firstFactorEnrolled(tx, actor.tenantId, actor.userId);
          await told(actor, factorChanges.deviceAdded(row.name))(tx);
        },
      );
      mailer.nudge();
      return { ...toDevice(device), ...(recoveryCodes ? { recoveryCodes } : {}) };
    },

    /** A new secret for the device; it waits for confirmation with a code from the new secret. */
    async reset(
      actor: Actor,
      meta: RequestMeta,
      id: string,
      email: string,
      proof: MfaStepUp,
    ): Promise<MfaDeviceCreated> {
      // An enabled device is a factor being removed; any other gets a secret that adds one once confirmed.
      const device = await load(actor, id);
      const proved = (await stepUpFor(actor, device, proof)) || (await stepUpToAdd(actor, proof, id));
      const secret = newTotpSecret();
      await change(
        actor,
        meta,
        id,
        'regenerate',
        (before) => {
          assertStepUp(before, proved);
          return {
            secret: secrets.seal(sealedAt.mfaDeviceSecret(actor.tenantId, id), secret),
            status: 'WaitConfirmation',
            lastUsedStep: null,
            issuedWithStepUp: proved,
          };
        },
        async (tx) => {
          if (device.status === 'Enable') await told(actor, factorChanges.deviceSecretReset(device.name))(tx);
        },
      );
      mailer.nudge();
      return { id, otpPathUrl: uriFor(email, secret) };
    },

    async enable(actor: Actor, meta: RequestMeta, id: string) {
      const row = await load(actor, id);
      if (row.status === 'Enable') throw conflict(WARNINGS.mfaDeviceAlreadyEnabled);
      if (row.status !== 'Disable') {
        throw conflict(REFUSALS.mfaDevice.notConfirmed);
      }
      const enabled = await change(
        actor,
        meta,
        id,
        'enable',
        () => ({ status: 'Enable' }),
        told(actor, factorChanges.deviceEnabled(row.name)),
      );
      mailer.nudge();
      return toDevice(enabled);
    },

    async disable(actor: Actor, meta: RequestMeta, id: string, proof: MfaStepUp) {
      const row = await load(actor, id);
      if (row.status !== 'Enable') throw conflict(WARNINGS.mfaDeviceAlreadyDisabled);
      await stepUpFor(actor, row, proof);
      const disabled = await change(
        actor,
        meta,
        id,
        'disable',
        () => ({ status: 'Disable' }),
        told(actor, factorChanges.deviceDisabled(row.name)),
      );
      mailer.nudge();
      return toDevice(disabled);
    },

    /** Whether the user must give a TOTP code at login: at least one enabled device. */
    async isRequired(tenantId: string, userId: string): Promise<boolean> {
      const devices = await database.tenant(tenantId, (tx) => repo.enabledDevices(tenantId, tx, userId));
      return devices.length > 0;
    },

    /** Checks a login code against the user's enabled devices and burns its time step. */
    acceptLoginCode,

    /** The per-user limit of second-factor guesses, for every step that takes one (login, SSO). */
    tries,

    /** The step-up other factors ask for before they are removed or added (passkeys). */
    proveFactor,

    ...createRecoveryCodes({ database, mailer, proveFactor, hasFactor }),
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
