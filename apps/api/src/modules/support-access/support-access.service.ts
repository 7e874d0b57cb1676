import { randomBytes } from 'node:crypto';
import {
  type Brand,
  PERMISSIONS,
  type Permission,
  type SessionUser,
  SUPPORT_ACCESS_MESSAGES,
  SUPPORT_READ_PERMISSIONS,
  type SupportGrant,
  type SupportGrantList,
  type SupportMode,
  type supportGrantCreateSchema,
} from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import { tenants } from '../../db/schema/index.js';
import { type Actor, type RequestMeta, supportActorName } from '../../lib/context.js';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { hashToken } from '../../lib/token-hash.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { assertAddressPermitted } from '../ip-ranges/index.js';
import * as repo from './support-access.repository.js';

type GrantBody = z.output<typeof supportGrantCreateSchema>;

/**
 * A support session's cookie token starts with this, so that the session plugin looks it up here and a
 * user's session costs nothing more. A user session's token is base64url, which has no dot.
 */
export const SUPPORT_TOKEN_PREFIX = 'support.';
/** How long a sign-in link works: long enough to open it, short enough not to lie around. */
export const SUPPORT_LINK_MINUTES = 15;
/** The screen lists this many grants, newest first. */
const GRANTS_LISTED = 20;
/** The console's page of it, linked from the Owners' e-mail. */
export const SUPPORT_ACCESS_PAGE = '/settings/support-access';

const modeOf = (writePermissions: readonly Permission[]): SupportMode =>
  writePermissions.length > 0 ? 'read-write' : 'read-only';

/** Every `read`, and the writes the grant names, in PERMISSIONS order. */
const permissionsOf = (writePermissions: readonly Permission[]): Permission[] =>
  PERMISSIONS.filter(
    (permission) => SUPPORT_READ_PERMISSIONS.includes(permission) || writePermissions.includes(permission),
  );

const stateOf = (grant: repo.GrantRow, now: number): SupportGrant['state'] =>
  grant.revokedAt ? 'revoked' : grant.expiresAt.getTime() <= now ? 'expired' : 'live';

function toGrant(grant: repo.GrantRow, sessions: repo.SupportSessionRow[], now: number): SupportGrant {
  const end = grant.revokedAt ?? (grant.expiresAt.getTime() <= now ? grant.expiresAt : null);
  return {
    id: grant.id,
    state: stateOf(grant, now),
    mode: modeOf(grant.writePermissions),
    writePermissions: grant.writePermissions,
    grantedBy: { id: grant.grantedBy, name: grant.grantedByName },
    createdAt: iso(grant.createdAt),
    expiresAt: iso(grant.expiresAt),
    revokedAt: grant.revokedAt ? iso(grant.revokedAt) : null,
    sessions: sessions.map((session) => {
      // A session still marked held when its grant ran out ended with it.
      const endedAt = session.endedAt ?? (session.startedAt && end ? end : null);
      return {
        id: session.id,
        operator: session.operator,
        ticket: session.ticket,
        issuedAt: iso(session.createdAt),
        startedAt: session.startedAt ? iso(session.startedAt) : null,
        endedAt: endedAt ? iso(endedAt) : null,
      };
    }),
  };
}

/** The operator and ticket as the CLI takes them: one line each, bounded. */
function checkedText(value: string | undefined, option: string, max: number): string {
  const text = value?.trim() ?? '';
  if (!text) throw new AppError('VALIDATION_ERROR', `${option} is required.`);
  if (text.length > max || /[\p{Cc}]/u.test(text))
    throw new AppError('VALIDATION_ERROR', `${option} must be one line of at most ${max} characters.`);
  return text;
}

/**
 * Support access (docs/administration.md): the grants an Owner makes and revokes in the console, the
 * support sessions the operators' CLI opens inside them, and how such a session is resolved on every
 * call. Nothing is kept in memory: each call of a support session reads its grant, so a revoked or
 * expired grant refuses the next call in every process.
 */
export function createSupportAccess(deps: {
  database: Database;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
}) {
  const { database } = deps;

  /** Serializes the tenant's grants (one live at a time) without a table of locks. */
  const lockTenant = (tx: Tx, tenantId: string) =>
    tx.execute(sql`select 1 from ${tenants} where ${tenants.id} = ${tenantId} for update`);

  async function tellOwners(
    tx: Tx,
    tenantId: string,
    session: { operator: string; ticket: string },
    grant: repo.GrantRow,
  ) {
    const owners = await repo.listOwners(tenantId, tx);
    for (const owner of owners) {
      const rendered = templates.supportSessionStarted(deps.brand, {
        firstName: owner.firstName,
        tenantName: owner.tenantName,
        operator: session.operator,
        ticket: session.ticket,
        mode: modeOf(grant.writePermissions),
        until: `${grant.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        url: `${deps.publicUrl}${SUPPORT_ACCESS_PAGE}`,
      });
      await deps.outbox.enqueueMail(tx, { to: owner.email, ...rendered }, tenantId);
    }
    return owners.length;
  }

  return {
    list: (actor: Actor): Promise<SupportGrantList> =>
      database.tenant(actor.tenantId, async (tx) => {
        const rows = await repo.listGrants(actor.tenantId, tx, GRANTS_LISTED);
        const now = Date.now();
        return { grants: rows.map(({ grant, sessions }) => toGrant(grant, sessions, now)) };
      }),

    grant: (actor: Actor, meta: RequestMeta, body: GrantBody): Promise<SupportGrant> =>
      database.tenant(actor.tenantId, async (tx) => {
        await lockTenant(tx, actor.tenantId);
        if (await repo.findLiveGrant(actor.tenantId, tx)) throw conflict(SUPPORT_ACCESS_MESSAGES.alreadyLive);
        const grant = await repo.insertGrant(actor.tenantId, tx, {
          grantedBy: actor.userId,
          grantedByName: await repo.findUserName(actor.tenantId, tx, actor.userId),
          writePermissions: body.writePermissions,
          hours: body.hours,
        });
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'grant-support-access',
          targetType: 'support-access',
          targetId: grant.id,
          after: {
            hours: body.hours,
            mode: modeOf(grant.writePermissions),
            writePermissions: grant.writePermissions,
            expiresAt: grant.expiresAt,
          },
        });
        return toGrant(grant, [], Date.now());
      }),

    /** Revokes the grant; its sessions end with it (their next call is refused, in every process). */
    revoke: (actor: Actor, meta: RequestMeta, id: string): Promise<void> =>
      database.tenant(actor.tenantId, async (tx) => {
        const existing = await repo.findGrant(actor.tenantId, tx, id);
        if (!existing) throw notFound(SUPPORT_ACCESS_MESSAGES.notFound);
        const revoked = await repo.revokeGrant(actor.tenantId, tx, id, actor.userId);
        if (!revoked) throw conflict(SUPPORT_ACCESS_MESSAGES.alreadyEnded);
        const ended = await repo.endGrantSessions(actor.tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'revoke-support-access',
          targetType: 'support-access',
          targetId: id,
          before: { expiresAt: existing.expiresAt },
          after: { revokedAt: revoked.revokedAt, sessionsEnded: ended.filter((s) => s.startedAt).length },
        });
      }),

    /**
     * The operators' CLI (`support-session`): a one-time sign-in link into the tenant's console, only
     * inside a live grant (otherwise CONFLICT with one line that says so). The link's session records
     * the operator and the ticket; the link itself is kept as its hash only.
     */
    async issueLink(
      tenant: { id: string; name: string },
      input: { operator?: string; ticket?: string },
    ): Promise<{ url: string; sessionId: string; linkExpiresAt: Date; grantExpiresAt: Date }> {
      const operator = checkedText(input.operator, '--operator', 120);
      const ticket = checkedText(input.ticket, '--ticket', 120);
      return database.tenant(tenant.id, async (tx) => {
        const grant = await repo.findLiveGrant(tenant.id, tx);
        if (!grant) throw new AppError('CONFLICT', SUPPORT_ACCESS_MESSAGES.noLiveGrant(tenant.name));
        const link = randomBytes(32).toString('base64url');
        const linkExpiresAt = new Date(
          Math.min(Date.now() + SUPPORT_LINK_MINUTES * 60_000, grant.expiresAt.getTime()),
        );
        const session = await repo.insertSession(tenant.id, tx, {
          grantId: grant.id,
          operator,
          ticket,
          linkHash: hashToken(link),
          linkExpiresAt,
        });
        await recordAudit(
          tx,
          { ip: '', requestId: '', actorName: supportActorName(operator, ticket) },
          {
            tenantId: tenant.id,
            actorId: session.id,
            action: 'support-session-link',
            targetType: 'support-access',
            targetId: grant.id,
            after: { operator, ticket, linkExpiresAt },
          },
        );
        return {
          url: `${deps.publicUrl}/api/v1/support-sessions/start?link=${link}`,
          sessionId: session.id,
          linkExpiresAt,
          grantExpiresAt: grant.expiresAt,
        };
      });
    },

    /** What the link's page says about it, before the operator starts the session. */
    async peekLink(link: string) {
      const found =
        link && link.length <= 128
          ? await database.system((tx) => repo.findByLinkHash(tx, hashToken(link)))
          : null;
      if (!found) throw new AppError('INVALID_CODE', SUPPORT_ACCESS_MESSAGES.linkInvalid);
      const { session, grant, tenantName } = found;
      if (session.startedAt || session.endedAt)
        throw new AppError('INVALID_CODE', SUPPORT_ACCESS_MESSAGES.linkUsed);
      if (session.linkExpiresAt.getTime() <= Date.now())
        throw new AppError('INVALID_CODE', SUPPORT_ACCESS_MESSAGES.linkExpired);
      if (grant.revokedAt || grant.expiresAt.getTime() <= Date.now())
        throw new AppError('INVALID_CODE', SUPPORT_ACCESS_MESSAGES.noLiveGrant(tenantName));
      return { session, grant, tenantName };
    },

    /**
     * Opens the link's session, once: its token (for the cookie only) and when it ends at the latest.
     * The start is audited in the operator's name and every Owner is e-mailed, in its transaction.
     */
    async start(link: string, meta: RequestMeta) {
      const { session, grant } = await this.peekLink(link);
      const token = `${SUPPORT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      await database.tenant(session.tenantId, async (tx) => {
        const live = await repo.findLiveGrant(session.tenantId, tx);
        if (live?.id !== grant.id) throw new AppError('INVALID_CODE', SUPPORT_ACCESS_MESSAGES.linkExpired);
        const started = await repo.startSession(session.tenantId, tx, session.id, {
          tokenHash: hashToken(token),
          ip: meta.ip,
          userAgent: meta.userAgent,
        });
        if (!started) throw new AppError('INVALID_CODE', SUPPORT_ACCESS_MESSAGES.linkUsed);
        const owners = await tellOwners(tx, session.tenantId, session, grant);
        await recordAudit(
          tx,
          { ...meta, actorName: supportActorName(session.operator, session.ticket) },
          {
            tenantId: session.tenantId,
            actorId: session.id,
            action: 'support-session-start',
            targetType: 'support-access',
            targetId: grant.id,
            after: {
              operator: session.operator,
              ticket: session.ticket,
              mode: modeOf(grant.writePermissions),
              ownersTold: owners,
            },
          },
        );
      });
      deps.outbox.nudge();
      return { token, expiresAt: grant.expiresAt, sessionId: session.id };
    },

    /**
     * The actor of a support session's cookie, or null when the session ended, its grant was revoked or
     * ran out (by the database's clock), or its tenant is not active. Read anew on every call.
     */
    async resolve(token: string, address?: string): Promise<Actor | null> {
      if (!token.startsWith(SUPPORT_TOKEN_PREFIX) || token.length > 160) return null;
      const row = await repo.findByTokenHash(database.db, hashToken(token));
      if (row?.tenantStatus !== 'active') return null;
      if (address !== undefined) assertAddressPermitted(row.ipRanges, address);
      const writePermissions = row.writePermissions.filter((p): p is Permission =>
        (PERMISSIONS as readonly string[]).includes(p),
      );
      return {
        tenantId: row.tenantId,
        userId: row.id,
        isAdmin: true,
        adminRoles: [],
        permissions: permissionsOf(writePermissions),
        sessionId: row.id,
        services: row.services,
        mfaEnrolment: false,
        support: {
          grantId: row.grantId,
          operator: row.operator,
          ticket: row.ticket,
          writePermissions,
          expiresAt: row.expiresAt,
        },
      };
    },

    /** Sign-out of a support session, audited in the operator's name. */
    end: (actor: Actor, meta: RequestMeta) =>
      database.tenant(actor.tenantId, async (tx) => {
        if (!(await repo.endSession(actor.tenantId, tx, actor.sessionId))) return;
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.sessionId,
          action: 'support-session-end',
          targetType: 'support-access',
          targetId: actor.support?.grantId ?? null,
        });
      }),

    /** GET /auth/session in a support session: the operator, never a user of the tenant. */
    async sessionUser(actor: Actor): Promise<SessionUser> {
      const support = actor.support;
      if (!support) throw unauthorized();
      const tenantName = await database.tenant(actor.tenantId, (tx) =>
        repo.findTenantName(actor.tenantId, tx),
      );
      if (tenantName === null) throw unauthorized();
      return {
        id: actor.sessionId,
        // What the top bar shows where a user's address would be: who is signed in.
        email: support.operator,
        firstName: support.operator,
        lastName: '',
        isAdmin: true,
        adminRoles: [],
        permissions: [...actor.permissions],
        tenant: { id: actor.tenantId, name: tenantName },
        services: actor.services as SessionUser['services'],
        support: {
          operator: support.operator,
          ticket: support.ticket,
          mode: modeOf(support.writePermissions),
          expiresAt: iso(support.expiresAt),
          writePermissions: [...support.writePermissions],
        },
      };
    },
  };
}

export type SupportAccess = ReturnType<typeof createSupportAccess>;
