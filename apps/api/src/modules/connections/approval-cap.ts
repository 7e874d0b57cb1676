import {
  type ApprovalCap,
  type ConnectionHealthReason,
  NOT_FOUND,
  SALESFORCE_APPROVAL_LIMIT,
} from '@skyvault/contract';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { connections } from '../../db/schema/index.js';
import type { Actor } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';

/**
 * Salesforce keeps five approvals (refresh tokens) per user and connected app; a sixth login of the
 * same user revokes that user's least recently used one. Our connections hold those approvals, so
 * before a login the console asks which Salesforce users already hold the limit, and which of their
 * connections the next login would cost.
 */

/** A check that found these knows Salesforce no longer holds the approval: it does not count. */
const GONE: ConnectionHealthReason[] = ['token_revoked_or_expired', 'approval_limit_evicted'];

interface CapRow {
  found: number;
  id: string | null;
  name: string | null;
  username: string | null;
  held: number | null;
}

/**
 * One query: the tenant's live connections per Salesforce user, with each user's count and least
 * recently used connection (the oldest `token_used_at`: issued or refreshed longest ago, which is
 * what Salesforce evicts; never used counts as oldest). With `connectionId`, only that connection's
 * user, and `found` tells whether the tenant has that connection at all.
 *
 * Counted within the tenant only, although the same Salesforce user may hold approvals through
 * another tenant's connections too: tenants never see each other, not even as a count. The warning
 * may then come one login late; the eviction still shows on the connection it hit (its next check).
 */
async function capRows(tenantId: string, db: Executor, connectionId: string | undefined) {
  const target = connectionId
    ? sql`(select salesforce_user_id from connections where tenant_id = ${tenantId} and id = ${connectionId})`
    : null;
  const result = await db.execute(sql`
    with live as (
      select id, name, salesforce_user_id,
        count(*) over (partition by salesforce_user_id) as held,
        row_number() over (
          partition by salesforce_user_id
          order by token_used_at asc nulls first, connected_at asc nulls first, id
        ) as age,
        -- The username as the latest login named it (a Salesforce user may be renamed).
        first_value(salesforce_username) over (
          partition by salesforce_user_id order by token_used_at desc nulls last, id
        ) as username
      from connections
      where tenant_id = ${tenantId}
        and status = 'connected'
        and salesforce_user_id is not null
        and refresh_token is not null
        and (health_reason is null or health_reason not in (${sql.join(
          GONE.map((reason) => sql`${reason}`),
          sql`, `,
        )}))
    )
    select ${target ? sql`(select count(*) from connections where tenant_id = ${tenantId} and id = ${connectionId})::int` : sql`1`} as found,
      live.id, live.name, live.username, live.held::int as held
    from (values (1)) as one
    left join live on live.age = 1 and live.held >= ${SALESFORCE_APPROVAL_LIMIT}
      ${target ? sql`and live.salesforce_user_id = ${target}` : sql``}
    order by live.username`);
  // PGlite and node-postgres both answer { rows }.
  return (result as unknown as { rows: CapRow[] }).rows;
}

/** The approval cap guard's answer (GET /connections/approval-cap). */
export async function approvalCap(
  database: Database,
  actor: Actor,
  connectionId?: string,
): Promise<ApprovalCap> {
  const rows = await database.tenant(actor.tenantId, (tx) => capRows(actor.tenantId, tx, connectionId));
  if (Number(rows[0]?.found ?? 0) === 0) throw notFound(NOT_FOUND.connection);
  const users = rows
    .filter((row) => row.id !== null)
    // Renewing the least recently used connection itself costs nothing: Salesforce evicts the token
    // that the login replaces anyway.
    .filter((row) => row.id !== connectionId)
    .map((row) => ({
      username: row.username ?? '',
      connections: Number(row.held),
      wouldEvict: { id: row.id!, name: row.name! },
    }));
  return { limit: SALESFORCE_APPROVAL_LIMIT, users };
}

/**
 * After a login as `salesforceUserId`: the user's other connections, in every tenant, are checked
 * next, as the new approval may have made Salesforce evict one of them (the check then tells which).
 */
export async function checkOtherApprovals(
  database: Database,
  salesforceUserId: string,
  login: { tenantId: string; connectionId: string },
  at: Date,
) {
  await database.system((tx) =>
    tx
      .update(connections)
      .set({ nextCheckAt: at })
      .where(
        and(
          eq(connections.salesforceUserId, salesforceUserId),
          eq(connections.status, 'connected'),
          or(ne(connections.tenantId, login.tenantId), ne(connections.id, login.connectionId)),
        ),
      ),
  );
}
