import {
  type Permission,
  SECURITY_OVERVIEW_EXPIRY_DAYS,
  SECURITY_OVERVIEW_LISTED,
  SECURITY_OVERVIEW_TOP,
  SECURITY_OVERVIEW_WINDOW_HOURS,
  type SecurityOverview,
  type SecurityOverviewWindow,
  TOKEN_UNUSED_DAYS,
  UNHEALTHY_STATUSES,
  UNUSUAL_SIGN_IN_ACTION,
} from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { iso, isUuid } from '../../lib/sql.js';
import * as repo from './security-overview.repository.js';

type Figures = Omit<SecurityOverview, 'window' | 'from' | 'generatedAt'>;

/** A timestamp as the API gives it; inside json the database writes it as text. */
const at = (value: Date | string) => iso(new Date(value));

function signIns(rows: repo.FigureRows): Figures['signIns'] {
  const methods = new Map<string, { method: string; success: number; failure: number }>();
  for (const row of rows.methods) {
    const entry = methods.get(row.method) ?? { method: row.method, success: 0, failure: 0 };
    entry[row.outcome] += row.count;
    methods.set(row.method, entry);
  }
  const byMethod = [...methods.values()].sort(
    (a, b) => b.success + b.failure - (a.success + a.failure) || a.method.localeCompare(b.method),
  );
  const total = byMethod.reduce(
    (sum, m) => ({ success: sum.success + m.success, failure: sum.failure + m.failure }),
    { success: 0, failure: 0 },
  );
  return {
    total,
    byMethod,
    failedByAddress: rows.addresses.map((row) => ({ address: row.key, failures: row.failures })),
    failedByAccount: rows.accounts.map((row) => ({
      userId: isUuid(row.key) ? row.key : null,
      email: row.label,
      failures: row.failures,
    })),
  };
}

/** The parts of the statement's answer the caller may read, in the API's shape; null where not. */
function figuresOf(rows: repo.FigureRows): Figures {
  const { mfa, tokens } = rows;
  const users = Number(mfa?.users ?? 0);
  return {
    signIns: signIns(rows),
    accountsWaiting: {
      count: rows.waiting[0]?.count ?? 0,
      accounts: rows.waiting.map((row) => ({ email: row.email, userId: row.userId, until: at(row.until) })),
    },
    unusualSignIns: { count: rows.unusual },
    mfa: mfa && { users, enrolled: mfa.enrolled, notEnrolled: Math.max(0, users - mfa.enrolled) },
    apiTokens: tokens && {
      total: tokens.total,
      byAge: {
        under30Days: tokens.under30Days,
        under90Days: tokens.under90Days,
        over90Days: tokens.over90Days,
      },
      unused: tokens.unused,
      unusedTokens: tokens.unusedTokens.map((token) => ({
        id: token.id,
        name: token.name,
        createdAt: at(token.createdAt),
        lastUsedAt: token.lastUsedAt ? at(token.lastUsedAt) : null,
      })),
    },
    connections: rows.connections && {
      unhealthy: rows.connections[0]?.count ?? 0,
      rows: rows.connections.map((row) => ({
        id: row.id,
        name: row.name,
        status: row.status as (typeof UNHEALTHY_STATUSES)[number],
      })),
    },
    storages: rows.storages && {
      unhealthy: rows.storages[0]?.count ?? 0,
      rows: rows.storages.map((row) => ({ id: row.id, name: row.name })),
    },
    credentials: rows.credentials && {
      expiring: rows.credentials.map((row) => ({ id: row.id, name: row.name, expiresAt: at(row.expiresAt) })),
    },
    licenses: rows.licenses && {
      nearEnd: rows.licenses.map((row) => ({ ...row, endsAt: at(row.endsAt) })),
    },
  };
}

/**
 * The security overview (docs/security-overview.md): every figure read by one statement in one tenant
 * transaction, from the sign-in rollup (migration 0044) and the indexed tables behind each list, so
 * that it is as fresh as the database whatever process answers; nothing is kept between calls. A part
 * the caller's roles may not read is not read, and is null: the overview shows nothing its lists
 * would refuse.
 */
export function createSecurityOverviewService(deps: { database: Database }) {
  const { database } = deps;

  return {
    async get(actor: Actor, window: SecurityOverviewWindow): Promise<SecurityOverview> {
      const can = (permission: Permission) => actor.permissions.includes(permission);
      const tenantId = actor.tenantId;
      const rows = await database.tenant(tenantId, (tx) =>
        repo.readFigures(tx, {
          tenantId,
          windowHours: SECURITY_OVERVIEW_WINDOW_HOURS[window],
          top: SECURITY_OVERVIEW_TOP,
          listed: SECURITY_OVERVIEW_LISTED,
          expiryDays: SECURITY_OVERVIEW_EXPIRY_DAYS,
          unusedDays: TOKEN_UNUSED_DAYS,
          unusualAction: UNUSUAL_SIGN_IN_ACTION,
          unhealthyStatuses: UNHEALTHY_STATUSES,
          parts: {
            mfa: can('users:read'),
            apiTokens: can('api-tokens:read'),
            connections: can('connections:read'),
            storages: can('storages:read') && actor.services.includes('backup'),
            credentials: can('sign-in:read'),
            licenses: can('organization:read'),
          },
        }),
      );
      return { window, from: at(rows.from), generatedAt: at(rows.now), ...figuresOf(rows) };
    },
  };
}

export type SecurityOverviewService = ReturnType<typeof createSecurityOverviewService>;
