import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { keptIn } from '../../db/prepared.js';
import {
  apiTokens,
  auditEvents,
  connections,
  identityProviders,
  licenses,
  mfaDevices,
  passkeys,
  rateLimits,
  signInRollups,
  storages,
  tenants,
  users,
} from '../../db/schema/index.js';

/** What the overview's one statement is asked: the window, the list sizes, and the parts the caller may read. */
export interface FigureQuery {
  tenantId: string;
  windowHours: number;
  top: number;
  listed: number;
  expiryDays: number;
  unusedDays: number;
  unusualAction: string;
  unhealthyStatuses: readonly string[];
  parts: {
    mfa: boolean;
    apiTokens: boolean;
    connections: boolean;
    storages: boolean;
    credentials: boolean;
    licenses: boolean;
  };
}

/** Timestamps inside json come as text; counts as numbers. */
type At = string;
export interface FigureRows {
  from: At;
  now: At;
  methods: { method: string; outcome: 'success' | 'failure'; count: number }[];
  addresses: { key: string; failures: number }[];
  accounts: { key: string; label: string | null; failures: number }[];
  waiting: { email: string; userId: string; until: At; count: number }[];
  unusual: number;
  mfa: { users: number | null; enrolled: number } | null;
  tokens: {
    total: number;
    under30Days: number;
    under90Days: number;
    over90Days: number;
    unused: number;
    unusedTokens: { id: string; name: string; createdAt: At; lastUsedAt: At | null }[];
  } | null;
  connections: { id: string; name: string; status: string; count: number }[] | null;
  storages: { id: string; name: string; count: number }[] | null;
  credentials: { id: string; name: string; expiresAt: At }[] | null;
  licenses: { product: string; edition: string; endsAt: At; isTrial: boolean }[] | null;
}

const list = (query: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(x ${order}), '[]'::json) from (${query}) x)`;
const part = (allowed: boolean, figure: ReturnType<typeof sql>) => (allowed ? figure : sql`null`);

/**
 * Every figure of the overview in one statement, one round trip and one parse: read through indexes
 * and the sign-in rollup (migration 0044), never by scanning the audit trail. The window starts at the
 * start of the hour `windowHours - 1` before this one, by the database's clock.
 *
 * - Sign-ins by method and outcome, and the addresses and accounts with the most failures, from the
 *   rollup's hours in the window (its primary key's range).
 * - Accounts waiting: the login delays of the keys `login:account:<tenant name>:<address>` (the pair
 *   keys, which add `:<ip>`, left out) through the partial pattern index; the range
 *   `~>=~ prefix ~<~ prefix with ';' for its last ':'` is that prefix. Addresses that name no user of
 *   the tenant are guesses, not accounts, and are not counted.
 * - Unusual sign-ins: events of that action in the window, through the (tenant, action, seq) index.
 * - MFA: the tenant's users (the trigger-kept counter, migration 0006) and those with an enabled
 *   authenticator or a passkey, the set the users list's MFA filter uses.
 * - API tokens by age, and those not used for `unusedDays` (or never, made that long ago).
 * - Connections whose last check needs a person; the tenant's own storages whose last test failed
 *   (storages_tenant_unhealthy_idx); identity providers whose credentials end within `expiryDays` or
 *   have ended; licences likewise. Each list is the first `listed` with the number of all.
 */
export async function readFigures(db: Executor, q: FigureQuery): Promise<FigureRows> {
  const { parts } = q;
  // One statement a set of parts, prepared under its name: planning it (row-level security on every
  // table of a dozen subqueries) cost the database more than running it. The tenant and the window are
  // its parameters; the rest are the contract's constants, the same at every call.
  const shape = `security_overview_${Object.values(parts)
    .map((allowed) => (allowed ? 1 : 0))
    .join('')}`;
  const [row] = await keptIn(db, shape, () =>
    db.select({ figures: sql<FigureRows>`row_to_json(f)` }).from(sql`(${figuresStatement(q)}) f`),
  ).execute({ tenantId: q.tenantId, windowHours: q.windowHours });
  return row!.figures;
}

/** The statement of `readFigures`, its tenant and window placeholders. */
function figuresStatement(q: FigureQuery) {
  const { parts } = q;
  const t = sql.placeholder('tenantId');
  const lastActivity = sql`coalesce(${apiTokens.lastUsedAt}, ${apiTokens.createdAt})`;
  const unused = sql`${lastActivity} <= now() - make_interval(days => ${q.unusedDays}::int)`;
  const day = sql`interval '1 day'`;
  const rollup = (dimension: string) =>
    sql`${signInRollups.tenantId} = ${t} and ${signInRollups.dimension} = ${dimension} and ${signInRollups.hour} >= w."from"`;
  const top = (dimension: 'address' | 'account') =>
    list(
      sql`select ${signInRollups.key} as key, max(${signInRollups.label}) as label, sum(${signInRollups.count})::int as failures
            from ${signInRollups} where ${rollup(dimension)}
           group by ${signInRollups.key} order by 3 desc, 1 limit ${q.top}`,
      sql`order by x.failures desc, x.key`,
    );
  /** The first `listed` rows by name, each with the number of all (`count`). */
  const firstByName = (columns: SQL, from: SQL, name: SQL | AnyColumn) =>
    list(
      sql`select ${columns}, count(*) over ()::int as count from ${from} order by ${name} limit ${q.listed}`,
      sql`order by x.name`,
    );
  const accountKey = sql`substr(${rateLimits.key}, length(p.prefix) + 1)`;
  const statuses = sql.join(
    q.unhealthyStatuses.map((status) => sql`${status}`),
    sql`, `,
  );

  return sql`
      with w as (
        select date_trunc('hour', now()) - make_interval(hours => ${sql.placeholder('windowHours')}::int - 1) as "from", now() as "now"
      ), p as (
        select 'login:account:' || lower(${tenants.name}) || ':' as prefix from ${tenants} where ${tenants.id} = ${t}
      )
      select w."from", w."now",
        ${list(
          sql`select ${signInRollups.key} as method, ${signInRollups.outcome} as outcome, sum(${signInRollups.count})::int as count
                from ${signInRollups} where ${rollup('method')}
               group by ${signInRollups.key}, ${signInRollups.outcome}`,
          sql``,
        )} as methods,
        ${top('address')} as addresses,
        ${top('account')} as accounts,
        ${list(
          sql`select ${users.email} as email, ${users.id} as "userId", ${rateLimits.blockedUntil} as until, count(*) over ()::int as count
                from p cross join ${rateLimits}
                join ${users} on ${users.tenantId} = ${t} and lower(${users.email}) = ${accountKey}
               where ${rateLimits.key} ~>=~ p.prefix and ${rateLimits.key} ~<~ (left(p.prefix, -1) || ';')
                 and ${rateLimits.blockedUntil} is not null and ${rateLimits.blockedUntil} > now()
                 and strpos(${accountKey}, ':') = 0
               order by ${rateLimits.blockedUntil} desc, ${users.email} limit ${q.listed}`,
          sql`order by x.until desc, x.email`,
        )} as waiting,
        (select count(*)::int from ${auditEvents}
          where ${auditEvents.tenantId} = ${t} and ${auditEvents.action} = ${q.unusualAction}
            and ${auditEvents.createdAt} >= w."from") as unusual,
        ${part(
          parts.mfa,
          sql`json_build_object(
            'users', (select users from user_counts where tenant_id = ${t}),
            'enrolled', (select count(*) from (
              select ${mfaDevices.userId} from ${mfaDevices} where ${mfaDevices.tenantId} = ${t} and ${mfaDevices.status} = 'Enable'
              union
              select ${passkeys.userId} from ${passkeys} where ${passkeys.tenantId} = ${t}) enrolled))`,
        )} as mfa,
        ${part(
          parts.apiTokens,
          sql`(select json_build_object(
              'total', count(*),
              'under30Days', count(*) filter (where ${apiTokens.createdAt} > now() - 30 * ${day}),
              'under90Days', count(*) filter (where ${apiTokens.createdAt} <= now() - 30 * ${day} and ${apiTokens.createdAt} > now() - 90 * ${day}),
              'over90Days', count(*) filter (where ${apiTokens.createdAt} <= now() - 90 * ${day}),
              'unused', count(*) filter (where ${unused}),
              'unusedTokens', ${list(
                sql`select ${apiTokens.id} as id, ${apiTokens.name} as name, ${apiTokens.createdAt} as "createdAt",
                           ${apiTokens.lastUsedAt} as "lastUsedAt", ${lastActivity} as active
                      from ${apiTokens} where ${apiTokens.tenantId} = ${t} and ${unused}
                     order by ${lastActivity}, ${apiTokens.name} limit ${q.listed}`,
                sql`order by x.active, x.name`,
              )})
            from ${apiTokens} where ${apiTokens.tenantId} = ${t})`,
        )} as tokens,
        ${part(
          parts.connections,
          firstByName(
            sql`${connections.id} as id, ${connections.name} as name, ${connections.healthStatus} as status`,
            sql`${connections} where ${connections.tenantId} = ${t} and ${connections.healthStatus} in (${statuses})`,
            connections.name,
          ),
        )} as connections,
        ${part(
          parts.storages,
          firstByName(
            sql`${storages.id} as id, ${storages.name} as name`,
            sql`${storages} where ${storages.tenantId} = ${t} and ${storages.healthStatus} = 'Unhealthy'`,
            storages.name,
          ),
        )} as storages,
        ${part(
          parts.credentials,
          list(
            sql`select ${identityProviders.id} as id, ${identityProviders.name} as name, ${identityProviders.credentialsExpireAt} as "expiresAt"
                  from ${identityProviders}
                 where ${identityProviders.tenantId} = ${t} and ${identityProviders.credentialsExpireAt} is not null
                   and ${identityProviders.credentialsExpireAt} <= now() + make_interval(days => ${q.expiryDays}::int)`,
            sql`order by x."expiresAt"`,
          ),
        )} as credentials,
        ${part(
          parts.licenses,
          list(
            sql`select ${licenses.product} as product, ${licenses.edition} as edition, ${licenses.endsAt} as "endsAt", ${licenses.isTrial} as "isTrial"
                  from ${licenses}
                 where ${licenses.tenantId} = ${t} and ${licenses.endsAt} <= now() + make_interval(days => ${q.expiryDays}::int)`,
            sql`order by x."endsAt"`,
          ),
        )} as licenses
      from w`;
}
