/**
 * The Salesforce side of the stand-in: orgs with their users, daily API budgets and an org id that a
 * sandbox refresh replaces, on a clock that tests move forward.
 */

/** A Salesforce user as tests name it: who logs in, in which org (by its current or an earlier id). */
export interface StandInUser {
  username: string;
  userId: string;
  orgId: string;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Salesforce's default session timeout: an access token works for two hours after its last use. */
export const DEFAULT_ACCESS_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
/** The idle limit Salesforce asks partner apps to set on their refresh tokens. */
export const DEFAULT_REFRESH_TOKEN_IDLE_DAYS = 30;
/** One Salesforce user holds at most five approvals of one connected app; a sixth revokes the oldest. */
export const DEFAULT_APPROVAL_LIMIT = 5;
/** A Developer Edition's daily API request allocation. */
export const DEFAULT_DAILY_API_REQUESTS = 15_000;

export interface Duration {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  ms?: number;
}

const toMs = (by: number | Duration) =>
  typeof by === 'number'
    ? by
    : (by.days ?? 0) * DAY_MS +
      (by.hours ?? 0) * 3_600_000 +
      (by.minutes ?? 0) * 60_000 +
      (by.seconds ?? 0) * 1000 +
      (by.ms ?? 0);

/**
 * The stand-in's time: the real time plus an offset that tests move, so that token lifetimes, idle
 * limits and the daily API window pass in a test without waiting.
 */
export function createClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    /** Moves the stand-in's time forward by milliseconds or a duration ({ days: 25 }). */
    advance(by: number | Duration) {
      offset += toMs(by);
    },
    /** Sets the stand-in's time (it goes on running from there). */
    set(at: Date | number) {
      offset = Number(at) - Date.now();
    },
  };
}

export type StandInClock = ReturnType<typeof createClock>;

export interface Org {
  /** The current id: a sandbox refresh replaces it. */
  id: string;
  /** Every id the org had before, oldest first. */
  formerIds: string[];
  name: string;
  sandbox: boolean;
  /** A locked, closed or suspended org: its logins answer inactive_org. */
  active: boolean;
  apiMax: number;
  /** API requests in the rolling 24-hour window that Salesforce's daily limit counts. */
  apiCalls: { at: number; count: number }[];
  users: Map<string, User>;
}

export type UserStatus = 'active' | 'deactivated' | 'password_changed';

export interface User {
  userId: string;
  username: string;
  org: Org;
  status: UserStatus;
  /** When the user was deactivated, what the token endpoint answers: Salesforce words it either way. */
  inactiveAnswer: 'authentication_failure' | 'inactive_user';
  /** Grants issued before this time stop working (a password change ends them). */
  validAfter: number;
  /** "View Setup and Configuration", which the limits resource needs. */
  viewSetup: boolean;
}

/** `00D…` org ids and `005…` user ids in Salesforce's 18-character form. */
const sfId = (prefix: string, n: number, suffix: string) =>
  `${prefix}${String(n).padStart(12, '0')}${suffix}`;

/** The orgs and users the stand-in knows, found by any id an org ever had. */
export function createDirectory(clock: StandInClock) {
  const orgs = new Map<string, Org>();
  let nextOrg = 100;
  let nextUser = 100;

  function addOrg(options: { orgId?: string; sandbox?: boolean; name?: string; apiMax?: number } = {}) {
    const id = options.orgId ?? sfId('00D', nextOrg++, 'EAA');
    const org: Org = {
      id,
      formerIds: [],
      name: options.name ?? `Org ${id}`,
      sandbox: options.sandbox ?? false,
      active: true,
      apiMax: options.apiMax ?? DEFAULT_DAILY_API_REQUESTS,
      apiCalls: [],
      users: new Map(),
    };
    orgs.set(id, org);
    return org;
  }

  /** An org by its current or an earlier id, made on first sight (tests may name any org). */
  const org = (orgId: string) => orgs.get(orgId) ?? addOrg({ orgId });

  function findOrg(orgId: string): Org {
    const found = orgs.get(orgId);
    if (!found) throw new Error(`no org ${orgId} at the Salesforce stand-in`);
    return found;
  }

  /** The record of a user as tests name them, made on first sight; a new username is taken on. */
  function user(named: StandInUser): User {
    const inOrg = org(named.orgId);
    let found = inOrg.users.get(named.userId);
    if (!found) {
      found = {
        userId: named.userId,
        username: named.username,
        org: inOrg,
        status: 'active',
        inactiveAnswer: 'authentication_failure',
        validAfter: 0,
        viewSetup: true,
      };
      inOrg.users.set(named.userId, found);
    }
    found.username = named.username;
    return found;
  }

  function addUser(options: { username?: string; userId?: string; orgId?: string; sandbox?: boolean } = {}) {
    const inOrg = options.orgId ? org(options.orgId) : addOrg({ sandbox: options.sandbox });
    const userId = options.userId ?? sfId('005', nextUser++, 'AAA');
    const named = { username: options.username ?? `user${userId}@example.com`, userId, orgId: inOrg.id };
    user(named);
    return named;
  }

  /** A sandbox refresh: the org gets a new id, which later token answers and identity URLs name. */
  function changeOrgId(orgId: string, newId = sfId('00D', nextOrg++, 'EAA')) {
    const found = findOrg(orgId);
    found.formerIds.push(found.id);
    found.id = newId;
    orgs.set(newId, found);
    return newId;
  }

  /** Requests in the last 24 hours, as the daily limit counts them. */
  function apiUsed(found: Org) {
    const since = clock.now() - DAY_MS;
    found.apiCalls = found.apiCalls.filter((call) => call.at > since);
    return found.apiCalls.reduce((sum, call) => sum + call.count, 0);
  }

  function setApiUsage(orgId: string, usage: { max?: number; used?: number; remaining?: number }) {
    const found = findOrg(orgId);
    if (usage.max !== undefined) found.apiMax = usage.max;
    const used = usage.used ?? (usage.remaining === undefined ? undefined : found.apiMax - usage.remaining);
    if (used !== undefined) found.apiCalls = [{ at: clock.now(), count: used }];
  }

  return { org, findOrg, user, addOrg, addUser, changeOrgId, apiUsed, setApiUsage };
}

export type Directory = ReturnType<typeof createDirectory>;
