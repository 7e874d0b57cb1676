import type {
  Brand,
  User,
  UserStatus,
  userCreateSchema,
  userListQuerySchema,
  userPatchSchema,
} from '@skyvault/contract';
import {
  API_TOKEN_MESSAGES,
  encodeListCursor,
  NOT_FOUND,
  REFUSALS,
  SCIM_MESSAGES,
  sortedAdminRoles,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { OneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { revokeAccountData } from '../oauth/index.js';
import { assertDevopsSeats } from '../seats/index.js';
import type { PasskeyRemover, SessionService } from '../sessions/index.js';
import {
  assertMayChangeAdministrator,
  assertMayChangeOwner,
  assertMayResetCredentials,
  changeAdminRoles,
} from './admin-roles.rules.js';
import { createEmailChange } from './email-change.js';
import { assertMayMoveMembers } from './group-admin-roles.js';
import { createUserLinks } from './invitations.js';
import * as provisioning from './provisioning.repository.js';
import { assertScimMayChange, provisionedUsers } from './scim-management.js';
import { findUserView, type UserViewRow } from './user-view.js';
import * as repo from './users.repository.js';
import { assertKeepsAnOwner, type KeepsBreakGlass, nextStatus } from './users.rules.js';
import { listUsers } from './users-list.repository.js';

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
  /** The work e-mail the client sent apart from the userName (null: none apart); undefined leaves it. */
  workEmail?: string | null;
}

export const USER_NOT_FOUND = NOT_FOUND.user;

const toUser = (row: UserViewRow): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  groupId: row.groupId,
  group: row.groupId && row.groupName !== null ? { id: row.groupId, name: row.groupName } : null,
  status: row.status,
  isEnableMfa: Boolean(row.isEnableMfa),
  isAdmin: row.isAdmin,
  adminRoles: sortedAdminRoles(row.adminRoles),
  scimManaged: row.scimManaged,
  lastSignInAt: row.lastSignInAt && iso(row.lastSignInAt),
  invitation:
    row.invitationSentAt && row.invitationExpiresAt
      ? {
          invitedBy: row.inviterId
            ? { id: row.inviterId, name: `${row.inviterFirstName} ${row.inviterLastName}`.trim() }
            : null,
          sentAt: iso(row.invitationSentAt),
          expiresAt: iso(row.invitationExpiresAt),
        }
      : null,
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
  scimManaged: row.scimManaged,
  scimWorkEmail: row.scimWorkEmail,
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
  /** Counts the requests for a new proof link of a changed address (they mail a stranger's address). */
  limiter: RateLimiter;
  /**
   * The group a user is being put into, with the role whose seats it takes; 404 at the field without
   * one. The groups module answers it (app.ts passes it in): groups move their members through this
   * module, so this module cannot import theirs back.
   */
  groupForAssignment: (tenantId: string, tx: Tx, groupId: string) => Promise<{ roleId: string }>;
  /** Reset password's `removePasskeys` (MFA's, handed in by app.ts). */
  passkeyRemover: PasskeyRemover;
  /**
   * The domains module's rule that the last break-glass administrator stays while single sign-on is
   * enforced, asked when an administrator is demoted, disabled or deleted (app.ts passes it in: the
   * domains module reads users through this module, so this one cannot import it back).
   */
  keepsBreakGlass: KeepsBreakGlass;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { database, sessions, groupForAssignment, keepsBreakGlass } = deps;
  const links = createUserLinks(deps);
  const emailChange = createEmailChange(deps);

  async function view(tenantId: string, tx: Executor, id: string) {
    const row = await findUserView(tenantId, tx, id);
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

  return {
    /** What a provisioning client (SCIM) reads: listProvisioned, findProvisioned. */
    ...provisionedUsers(database),

    /** The signed-in user's own row (the MFA screens use it). */
    async get(tenantId: string, userId: string) {
      return database.tenant(tenantId, (tx) => existing(tenantId, tx, userId));
    },

    async list(actor: Actor, query: UserListQuery) {
      const { rows, count, next } = await database.tenant(actor.tenantId, (tx) =>
        listUsers(actor.tenantId, tx, query),
      );
      return { users: rows.map(toUser), total: count, next: next && encodeListCursor(next) };
    },

    find: (actor: Actor, id: string) => database.tenant(actor.tenantId, (tx) => view(actor.tenantId, tx, id)),

    /**
     * Creates a user. Without a password an administrator's new user is invited by e-mail; a
     * provisioned one (`provisioned` given) is Confirmed at once and e-mailed nothing: they sign in
     * through their identity provider, which has told them about the console already.
     */
    async create(actor: Actor, meta: RequestMeta, input: UserInput, provisioned?: Provisioning) {
      const { tenantId } = actor;
      // Hashing takes a while; it is done before the transaction so that it holds no locks meanwhile.
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      // A new administrator is an Owner (migration 0038 gives the role): only an Owner makes one.
      if (input.isAdmin) assertMayChangeOwner(actor);
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
          // A user SCIM creates is SCIM's to change (docs/scim.md).
          scimManaged: Boolean(provisioned),
          scimWorkEmail: provisioned?.workEmail ?? null,
        });
        if (input.groupId) {
          await assertMayMoveMembers(tx, actor, [row.id], input.groupId);
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
        if (invited) await links.mail(actor, tx, row, 'invitation');
        return { user: await view(tenantId, tx, row.id), invited };
      });
      if (user.invited) deps.outbox.nudge();
      return user.user;
    },

    async update(actor: Actor, meta: RequestMeta, id: string, input: UserChange, provisioned?: Provisioning) {
      const { tenantId } = actor;
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const changed = await database.tenant(tenantId, async (tx) => {
        const before = await existing(tenantId, tx, id);
        assertScimMayChange(actor, before, input);
        if (input.email !== undefined) await checkEmail(tenantId, tx, input.email, id);
        const externalId = provisioned?.externalId;
        if (externalId) await checkExternalId(tenantId, tx, externalId, id);
        let status = nextStatus(before, input.status, Boolean(passwordHash));
        // The identity provider signs a provisioned user in: enabled again, they need no password of ours.
        if (provisioned && before.status === 'Disabled' && status === 'WaitConfirmation')
          status = 'Confirmed';
        // A new address is unproven and held until the user opens the link mailed there (see
        // email-change.ts); links already sent went to the old one and stop working.
        const readdressed =
          input.email !== undefined && input.email.toLowerCase() !== before.email.toLowerCase();
        // An administrator's address leads to their password (a reset link) and so to their rights:
        // only a signed-in administrator changes it, never an API token (docs/api-tokens.md).
        if (readdressed && before.isAdmin && actor.token)
          throw forbidden(API_TOKEN_MESSAGES.adminAddressNeedsPerson);
        const disabling = status === 'Disabled' && before.status !== 'Disabled';
        if (disabling && id === actor.userId) throw conflict(REFUSALS.user.disableSelf);
        if (disabling || passwordHash || readdressed) assertMayChangeAdministrator(actor, before);
        // The seats' lock comes before the administrators' rows, in the order every change of seats takes them.
        if (input.groupId !== undefined && input.groupId !== before.groupId)
          await assertMayMoveMembers(tx, actor, [id], input.groupId);
        if (input.groupId && input.groupId !== before.groupId)
          await checkSeat(tenantId, tx, id, input.groupId);
        await assertKeepsAnOwner(
          tenantId,
          tx,
          before,
          { owner: disabling, admin: disabling },
          keepsBreakGlass,
        );
        // `isAdmin` as the release before roles meant it: true makes an Owner, false takes every role.
        if (input.isAdmin !== undefined && input.isAdmin !== before.isAdmin)
          await changeAdminRoles(tx, actor, meta, before, input.isAdmin ? ['Owner'] : [], keepsBreakGlass);
        const after = await repo.updateUser(tenantId, tx, id, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          passwordHash,
          status,
          ...(readdressed ? { emailVerifiedAt: null, emailUnprovenSince: new Date() } : {}),
          ...(externalId !== undefined ? { externalId } : {}),
          scimWorkEmail: provisioned?.workEmail,
          scimManaged: input.scimManaged,
          // null leaves the group; a new one was checked above.
          ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
        });
        // A disabled user is signed out everywhere at once; a new password or a new address ends the
        // old sessions too (an administrator who changes their own keeps the session they are using).
        // Connected apps stop acting for them too (their tokens, grants and sessions at /oauth): they
        // were granted to the account as it was, and its e-mail claim is no longer proven.
        if (disabling || passwordHash || readdressed) {
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
        // The row's lock is held since the update took it: a password link issued at the same time
        // either committed first and is voided now, or waited and sees the held address.
        if (readdressed) await emailChange.changed(actor, meta, tx, before, after!);
        return { user: await view(tenantId, tx, id), readdressed };
      });
      if (changed.readdressed) deps.outbox.nudge();
      return changed.user;
    },

    /** A new invitation for a user who has not set a password yet; answers the user with it. */
    async resendInvitation(actor: Actor, meta: RequestMeta, id: string) {
      await links.resend(actor, meta, id, USER_NOT_FOUND);
      return database.tenant(actor.tenantId, (tx) => view(actor.tenantId, tx, id));
    },

    /** The link mailed to a changed address: proves it, so password links and login codes go there again. */
    proveEmail: (token: string, meta: RequestMeta) => emailChange.prove(token, meta),

    /** A new proof link for a changed address that still waits for one (the same answer for any address). */
    resendEmailProof: (email: string, meta: RequestMeta) => emailChange.resend(email, meta),

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await existing(tenantId, tx, id);
        assertScimMayChange(actor, row);
        if (id === actor.userId) throw conflict(REFUSALS.user.deleteSelf);
        assertMayChangeAdministrator(actor, row);
        await assertKeepsAnOwner(tenantId, tx, row, { owner: true, admin: true }, keepsBreakGlass);
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
     * must sign in nowhere. Its hash is kept aside (voidedPasswordHash) only so that a login with it is
     * told of the reset and pointed to the e-mail (login.service), never let in nor given a link.
     */
    async resetPassword(
      actor: Actor,
      meta: RequestMeta,
      id: string,
      options: { removePasskeys?: boolean } | null = null,
    ) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        // Locked, like every password link's issue: a change of address cannot slip past the check.
        const row = await repo.lockUser(tenantId, tx, id);
        if (!row) throw notFound(USER_NOT_FOUND);
        assertMayResetCredentials(actor, row);
        if (row.status === 'Disabled') throw conflict(REFUSALS.user.resetDisabled);
        // A changed address that was not proven yet gets no password link: whoever changed it may own it.
        if (row.emailUnprovenSince) throw conflict(REFUSALS.user.resetEmailUnproven);
        const invited = row.status === 'WaitConfirmation';
        const status = invited ? row.status : 'ForceResetPassword';
        // A second reset keeps the password the first one erased: that is the one the user knows.
        const voidedPasswordHash = invited ? null : (row.passwordHash ?? row.voidedPasswordHash);
        const after = (await repo.updateUser(tenantId, tx, id, {
          status,
          passwordHash: null,
          voidedPasswordHash,
        }))!;
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
        await links.mail(actor, tx, row, invited ? 'invitation' : 'reset');
        // Whoever the reset locks out may have registered a passkey: it goes too when asked.
        if (options?.removePasskeys) await deps.passkeyRemover.within(tx, actor, meta, id);
      });
      deps.outbox.nudge();
      if (options?.removePasskeys) deps.passkeyRemover.sent();
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

/** A condition the setup guide reads in its one statement (modules/setup-guide): this module's SQL. */
export const tenantHasSeveralUsers = (tenantId: string) => repo.tenantHasSeveralUsers(tenantId);
