import type {
  Brand,
  User,
  UserStatus,
  userCreateSchema,
  userListQuerySchema,
  userPatchSchema,
} from '@skyvault/contract';
import { encodeListCursor, NOT_FOUND, REFUSALS, SCIM_MESSAGES } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { OneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { revokeAccountData } from '../oauth/index.js';
import { assertDevopsSeats } from '../seats/index.js';
import type { SessionService } from '../sessions/index.js';
import * as provisioning from './provisioning.repository.js';
import { createUserMailer, INVITATION_HOURS, RESET_HOURS, type UserMail } from './users.mail.js';
import * as repo from './users.repository.js';
import { assertKeepsAnAdmin, nextStatus } from './users.rules.js';

type UserInput = z.output<typeof userCreateSchema>;
type UserChange = z.output<typeof userPatchSchema>;
type UserListQuery = z.output<typeof userListQuerySchema>;

/**
 * A change made by an identity provider's provisioning client (SCIM) rather than an administrator:
 * the user signs in through that provider, so they get no invitation and need no password of ours, and
 * the provider's own id for them (`externalId`) is kept. Undefined leaves the externalId as it is.
 */
export interface Provisioning {
  externalId?: string | null;
}

/** A user as a provisioning client sees them. */
export interface ProvisionedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: UserStatus;
  externalId: string | null;
  group: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

const toProvisioned = (row: provisioning.ProvisionedUserRow): ProvisionedUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  status: row.status,
  externalId: row.externalId,
  group: row.groupId && row.groupName !== null ? { id: row.groupId, name: row.groupName } : null,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const USER_NOT_FOUND = NOT_FOUND.user;

const toUser = (row: repo.UserViewRow): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  groupId: row.groupId,
  group: row.groupId && row.groupName !== null ? { id: row.groupId, name: row.groupName } : null,
  status: row.status,
  isEnableMfa: Boolean(row.isEnableMfa),
  isAdmin: row.isAdmin,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** What the audit trail keeps of a user; the password hash is redacted by its name and shows as changed. */
const audited = (row: repo.UserRow) => ({
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  status: row.status,
  isAdmin: row.isAdmin,
  groupId: row.groupId,
  externalId: row.externalId,
  password: row.passwordHash,
});

/** Disabling and enabling are audited as such, so that the trail reads like the console's actions. */
const statusAction = (before: UserStatus, after: UserStatus) => {
  if (before !== 'Disabled' && after === 'Disabled') return 'disable';
  return before === 'Disabled' && after !== 'Disabled' ? 'enable' : 'update';
};

/**
 * The tenant's users, managed by its administrators. Every change and its audit event share one
 * transaction; e-mails go out after it commits. See users.rules.ts for the status transitions.
 */
export function createUserService(deps: {
  database: Database;
  tokens: OneTimeTokens;
  sessions: SessionService;
  /**
   * The group a user is being put into, with the role whose seats it takes; 404 at the field without
   * one. The groups module answers it (app.ts passes it in): groups move their members through this
   * module, so this module cannot import theirs back.
   */
  groupForAssignment: (tenantId: string, tx: Tx, groupId: string) => Promise<{ roleId: string }>;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { database, tokens, sessions, groupForAssignment } = deps;
  const queueMail = createUserMailer(deps);

  async function view(tenantId: string, tx: Executor, id: string) {
    const row = await repo.findUserView(tenantId, tx, id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return toUser(row);
  }

  async function existing(tenantId: string, tx: Executor, id: string) {
    const row = await repo.findUser(tenantId, tx, id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return row;
  }

  async function checkEmail(tenantId: string, tx: Executor, email: string, exceptId?: string) {
    if (await repo.emailTaken(tenantId, tx, email, exceptId)) {
      throw conflict(REFUSALS.user.emailTaken, { email: REFUSALS.user.emailTaken });
    }
  }

  async function checkExternalId(tenantId: string, tx: Executor, externalId: string, exceptId?: string) {
    if (await provisioning.externalIdTaken(tenantId, tx, externalId, exceptId)) {
      throw conflict(SCIM_MESSAGES.externalIdTaken, { externalId: SCIM_MESSAGES.externalIdTaken });
    }
  }

  /** Refuses a group whose role has no DevOps seat left for the user (the check counts existing users). */
  async function checkSeat(tenantId: string, tx: Tx, userId: string, groupId: string) {
    const group = await groupForAssignment(tenantId, tx, groupId);
    await assertDevopsSeats(tenantId, tx, { roleId: group.roleId, addedUserIds: [userId] });
  }

  /** A link for the user (invitation or reset), its e-mail written to the outbox in the same transaction. */
  async function linkMail(actor: Actor, tx: Tx, user: repo.UserRow, kind: UserMail['kind']) {
    const hours = kind === 'invitation' ? INVITATION_HOURS : RESET_HOURS;
    const owner = { tenantId: actor.tenantId, userId: user.id };
    const code = await tokens.issue(tx, owner, 'reset-password', hours * 3600);
    const context = await repo.findMailContext(actor.tenantId, tx, actor.userId);
    const mail = {
      kind,
      to: user.email,
      firstName: user.firstName,
      code,
      tenantId: actor.tenantId,
      ...context,
    };
    await queueMail(tx, mail);
  }

  return {
    /** The signed-in user's own row (the MFA screens use it). */
    async get(tenantId: string, userId: string) {
      return database.tenant(tenantId, (tx) => existing(tenantId, tx, userId));
    },

    async list(actor: Actor, query: UserListQuery) {
      const { rows, count, next } = await database.tenant(actor.tenantId, (tx) =>
        repo.listUsers(actor.tenantId, tx, query),
      );
      return { users: rows.map(toUser), total: count, next: next && encodeListCursor(next) };
    },

    find: (actor: Actor, id: string) => database.tenant(actor.tenantId, (tx) => view(actor.tenantId, tx, id)),

    /** One page of the users a provisioning client asks for (by e-mail or externalId), with their count. */
    async listProvisioned(
      actor: Actor,
      filter: provisioning.ProvisionedFilter,
      page: { offset: number; limit: number },
    ) {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        provisioning.listProvisioned(actor.tenantId, tx, filter, page),
      );
      return { users: rows.map(toProvisioned), total: count };
    },

    async findProvisioned(actor: Actor, id: string) {
      const { rows } = await database.tenant(actor.tenantId, (tx) =>
        provisioning.listProvisioned(actor.tenantId, tx, { id }, { offset: 0, limit: 1 }),
      );
      if (!rows[0]) throw notFound(USER_NOT_FOUND);
      return toProvisioned(rows[0]);
    },

    /**
     * Creates a user. Without a password an administrator's new user is invited by e-mail; a
     * provisioned one (`provisioned` given) is Confirmed at once and e-mailed nothing: they sign in
     * through their identity provider, which has told them about the console already.
     */
    async create(actor: Actor, meta: RequestMeta, input: UserInput, provisioned?: Provisioning) {
      const { tenantId } = actor;
      // Hashing takes a while; it is done before the transaction so that it holds no locks meanwhile.
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const user = await database.tenant(tenantId, async (tx) => {
        await checkEmail(tenantId, tx, input.email);
        const externalId = provisioned?.externalId ?? null;
        if (externalId !== null) await checkExternalId(tenantId, tx, externalId);
        const row = await repo.insertUser(tenantId, tx, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          status: passwordHash || provisioned ? 'Confirmed' : 'WaitConfirmation',
          isAdmin: input.isAdmin ?? false,
          externalId,
        });
        if (input.groupId) {
          await checkSeat(tenantId, tx, row.id, input.groupId);
          await repo.updateUser(tenantId, tx, row.id, { groupId: input.groupId });
        }
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'user',
          targetId: row.id,
          targetName: row.email,
          after: audited({ ...row, groupId: input.groupId ?? null }),
        });
        const invited = !passwordHash && !provisioned;
        if (invited) await linkMail(actor, tx, row, 'invitation');
        return { user: await view(tenantId, tx, row.id), invited };
      });
      if (user.invited) deps.outbox.nudge();
      return user.user;
    },

    async update(actor: Actor, meta: RequestMeta, id: string, input: UserChange, provisioned?: Provisioning) {
      const { tenantId } = actor;
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return database.tenant(tenantId, async (tx) => {
        const before = await existing(tenantId, tx, id);
        if (input.email !== undefined) await checkEmail(tenantId, tx, input.email, id);
        const externalId = provisioned?.externalId;
        if (externalId) await checkExternalId(tenantId, tx, externalId, id);
        let status = nextStatus(before, input.status, Boolean(passwordHash));
        // The identity provider signs a provisioned user in: enabled again, they need no password of ours.
        if (provisioned && before.status === 'Disabled' && status === 'WaitConfirmation')
          status = 'Confirmed';
        // A new address is unproven until the user uses a link sent there; links already sent went to
        // the old one and stop working.
        const readdressed =
          input.email !== undefined && input.email.toLowerCase() !== before.email.toLowerCase();
        if (readdressed) await tokens.voidAll(tx, { tenantId, userId: id });
        const disabling = status === 'Disabled' && before.status !== 'Disabled';
        if (disabling && id === actor.userId) throw conflict(REFUSALS.user.disableSelf);
        // The seats' lock comes before the administrators' rows, in the order every change of seats takes them.
        if (input.groupId && input.groupId !== before.groupId)
          await checkSeat(tenantId, tx, id, input.groupId);
        await assertKeepsAnAdmin(tenantId, tx, before, disabling || input.isAdmin === false);
        const after = await repo.updateUser(tenantId, tx, id, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          isAdmin: input.isAdmin,
          passwordHash,
          status,
          ...(readdressed ? { emailVerifiedAt: null } : {}),
          ...(externalId !== undefined ? { externalId } : {}),
          // null leaves the group; a new one was checked above.
          ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
        });
        // A disabled user is signed out everywhere at once; a new password ends the old sessions too
        // (an administrator who changes their own keeps the session they are using).
        // Connected apps stop acting for them too (their tokens, grants and sessions at /oauth).
        if (disabling || passwordHash) {
          const keep = id === actor.userId ? actor.sessionId : undefined;
          await sessions.endAllForUser(tx, tenantId, id, keep);
          await revokeAccountData(tx, id);
        }
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: statusAction(before.status, status),
          targetType: 'user',
          targetId: id,
          targetName: after!.email,
          before: audited(before),
          after: audited(after!),
        });
        return view(tenantId, tx, id);
      });
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await existing(tenantId, tx, id);
        if (id === actor.userId) throw conflict(REFUSALS.user.deleteSelf);
        await assertKeepsAnAdmin(tenantId, tx, row, true);
        // Sessions, MFA devices and one-time links go with the user (their foreign keys cascade); what
        // the authorization server keeps for them is removed here.
        await revokeAccountData(tx, id);
        await repo.deleteUser(tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'user',
          targetId: id,
          targetName: row.email,
          before: audited(row),
        });
      });
    },

    /**
     * Reset password: the user must set a new one (sent by e-mail) before signing in again. The old
     * one is erased, not merely flagged: whoever the administrator is locking out may know it, so it
     * must sign in nowhere (it gets the answer of a wrong password).
     */
    async resetPassword(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await existing(tenantId, tx, id);
        if (row.status === 'Disabled') throw conflict(REFUSALS.user.resetDisabled);
        const invited = row.status === 'WaitConfirmation';
        const status = invited ? row.status : 'ForceResetPassword';
        const after = (await repo.updateUser(tenantId, tx, id, { status, passwordHash: null }))!;
        await sessions.endAllForUser(tx, tenantId, id);
        await revokeAccountData(tx, id);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'reset-password',
          targetType: 'user',
          targetId: id,
          targetName: row.email,
          before: audited(row),
          after: audited(after),
        });
        await linkMail(actor, tx, row, invited ? 'invitation' : 'reset');
      });
      deps.outbox.nudge();
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
