import { randomBytes } from 'node:crypto';
import type { Org, StandInClock, StandInUser, User } from './model.js';

/**
 * One approval of the connected app by a user: what Salesforce lists under the user's OAuth
 * connected apps. It holds one refresh token at a time (rotation replaces it) and the access tokens
 * issued from it; revoking, evicting or idling it ends them all.
 */
export interface Approval {
  id: number;
  user: User;
  scope: string;
  refreshToken: string;
  createdAt: number;
  /** Issue or last refresh: what the idle limit and the least-recently-used eviction look at. */
  lastUsedAt: number;
  ended?: { reason: ApprovalEnd; at: number };
}

/** Why an approval stopped working: every one answers `invalid_grant` "expired access/refresh token". */
export type ApprovalEnd = 'revoked' | 'evicted' | 'idle' | 'org_refreshed';

export interface AccessToken {
  token: string;
  approval: Approval;
  issuedAt: number;
  expiresAt: number;
}

export interface Eviction {
  refreshToken: string;
  user: StandInUser;
  approvalId: number;
  at: number;
}

const named = (user: User): StandInUser => ({
  username: user.username,
  userId: user.userId,
  orgId: user.org.id,
});

/** Salesforce's access tokens start with the org id, an exclamation mark, then the session's secret. */
const accessTokenFor = (user: User) => `${user.org.id.slice(0, 15)}!${randomBytes(40).toString('base64url')}`;
const refreshTokenValue = () => `5Aep861${randomBytes(40).toString('base64url')}`;

export function createGrants(clock: StandInClock) {
  const approvals: Approval[] = [];
  /** Each user's approvals, so that a new one looks at the user's own rather than everyone's. */
  const byUser = new Map<User, Approval[]>();
  /** Current refresh tokens; a rotated-out one moves to `retired` and answers invalid_grant. */
  const current = new Map<string, Approval>();
  const retired = new Map<string, Approval>();
  const access = new Map<string, AccessToken>();
  const evicted: Eviction[] = [];
  let nextApproval = 1;

  function end(approval: Approval, reason: ApprovalEnd) {
    if (approval.ended) return;
    approval.ended = { reason, at: clock.now() };
    for (const [token, held] of access) if (held.approval === approval) access.delete(token);
  }

  const live = (user: User) => (byUser.get(user) ?? []).filter((a) => !a.ended);

  /** Whether a user may still use what was issued from this approval (a password change ends it). */
  const userAllows = (approval: Approval) =>
    approval.user.status === 'active' &&
    approval.user.org.active &&
    approval.user.validAfter <= approval.createdAt;

  return {
    approvals,
    evicted,

    /**
     * A new approval for a user; at the cap the user's least recently used one is revoked first, as
     * Salesforce does when a sixth approval of one connected app comes in.
     */
    approve(user: User, scope: string, limit: number): Approval {
      const held = live(user);
      while (limit > 0 && held.length >= limit) {
        const oldest = held.reduce((a, b) => (b.lastUsedAt < a.lastUsedAt ? b : a));
        end(oldest, 'evicted');
        evicted.push({
          refreshToken: oldest.refreshToken,
          user: named(user),
          approvalId: oldest.id,
          at: clock.now(),
        });
        held.splice(held.indexOf(oldest), 1);
      }
      const now = clock.now();
      const approval: Approval = {
        id: nextApproval++,
        user,
        scope,
        refreshToken: refreshTokenValue(),
        createdAt: now,
        lastUsedAt: now,
      };
      approvals.push(approval);
      byUser.set(user, [...(byUser.get(user) ?? []), approval]);
      current.set(approval.refreshToken, approval);
      return approval;
    },

    /** The approval a refresh token belongs to, current or rotated out. */
    byRefreshToken: (token: string) => current.get(token) ?? retired.get(token),
    isCurrent: (token: string) => current.has(token),

    /** Replaces the approval's refresh token; the old one stops working at once. */
    rotate(approval: Approval) {
      current.delete(approval.refreshToken);
      retired.set(approval.refreshToken, approval);
      approval.refreshToken = refreshTokenValue();
      current.set(approval.refreshToken, approval);
      return approval.refreshToken;
    },

    issueAccess(approval: Approval, ttlMs: number): AccessToken {
      const now = clock.now();
      const token = { token: accessTokenFor(approval.user), approval, issuedAt: now, expiresAt: now + ttlMs };
      access.set(token.token, token);
      return token;
    },

    /** A working access token: issued here, not expired, revoked or ended with its user or org. */
    access(token: string): AccessToken | null {
      const held = access.get(token);
      if (!held || held.expiresAt <= clock.now() || held.approval.ended || !userAllows(held.approval))
        return null;
      return held;
    },

    /** Whether the refresh token has been unused for longer than the idle limit. */
    idle: (approval: Approval, idleMs: number) => idleMs > 0 && clock.now() - approval.lastUsedAt > idleMs,

    userAllows,
    end,

    /** Revoke by token: a refresh token ends its approval; an access token ends only itself. */
    revoke(token: string): boolean {
      const approval = current.get(token);
      if (approval && !approval.ended) {
        end(approval, 'revoked');
        return true;
      }
      return access.delete(token);
    },

    /** Ends every approval of an org (a sandbox refresh that wipes the sandbox's tokens). */
    endOrg(org: Org) {
      for (const approval of approvals) if (approval.user.org === org) end(approval, 'org_refreshed');
    },
  };
}

export type Grants = ReturnType<typeof createGrants>;
