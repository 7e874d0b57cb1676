// The platform-scale audit trail (bench/scale-run.sh), written to standard output as the text of
// COPY audit_events (COLUMNS) FROM STDIN: the demo tenant DEMO_EVENTS events, each of the TENANTS - 1
// others TENANT_EVENTS, spread evenly over the last DAYS days (one more than the default retention, so
// that a day of events is due for deletion).
//
// The chain is what the trigger of migration 0027 would have made: seq 1, 2, 3 … per tenant, times
// rising with seq, the actor's address and name from their user row (bench/scale.sql names users
// scale_uuid(tenant id ':' n)), and each hash skyvault_audit_hash of the row, its JSON array built here the
// way PostgreSQL's json_build_array prints it. Every text is plain ASCII, so no escaping is needed.
// Usage: DEMO_TENANT=<uuid> node bench/scale-audit.mjs
import { createHash, randomUUID } from 'node:crypto';

export const COLUMNS =
  'tenant_id, id, seq, actor_id, actor_email, actor_name, action, outcome, method, target_type, target_id, target_name, changes, ip, user_agent, request_id, created_at, hash, prev_hash';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const TENANTS = env('TENANTS', 2000);
const DEMO_EVENTS = env('DEMO_EVENTS', 5_000_000);
const TENANT_EVENTS = env('TENANT_EVENTS', 7_504);
const DEMO_USERS = env('DEMO_USERS', 100_000);
const TENANT_USERS = env('TENANT_USERS', 451);
const DAYS = env('DAYS', 366);
const DAY_MS = 86_400_000;

/** A version 4 uuid made of the md5 of the text, as bench/scale.sql's scale_uuid makes it. */
export const md5Uuid = (text) => {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};

/** An event's kind by its number: two in five sign-ins, one in twenty refused, the rest changes. */
const KINDS = [
  ...Array(8).fill({ action: 'sign-in', outcome: 'success', method: 'password', target: 'self' }),
  { action: 'failed-sign-in', outcome: 'failure', method: 'password', target: 'self' },
  { action: 'sign-out', outcome: 'success', method: null, target: 'self' },
  ...Array(4).fill({ action: 'update', outcome: 'success', method: null, target: 'user' }),
  { action: 'create', outcome: 'success', method: null, target: 'user' },
  { action: 'update', outcome: 'success', method: null, target: 'group' },
  { action: 'health-changed', outcome: 'success', method: null, target: 'connection' },
  { action: 'update', outcome: 'success', method: null, target: 'storage' },
  { action: 'create', outcome: 'success', method: null, target: 'api-token' },
  { action: 'delete', outcome: 'success', method: null, target: 'user' },
];

const q = (text) => (text === null ? 'null' : `"${text}"`);
const copyText = (value) => (value === null ? '\\N' : String(value));

/** The time as to_char(… 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') prints it: microseconds, in UTC. */
const hashTime = (ms) => `${new Date(ms).toISOString().slice(0, 23)}000Z`;

function* tenantEvents(tenantId, n, events, users, now) {
  const start = now - DAYS * DAY_MS;
  const step = (DAYS * DAY_MS - 60_000) / events;
  const userIds = Array.from({ length: users }, (_, i) => md5Uuid(`${tenantId}:${i + 1}`));
  let prev = null;
  for (let seq = 1; seq <= events; seq++) {
    const kind = KINDS[seq % KINDS.length];
    const actorNo = ((seq * 7919) % users) + 1;
    const actorId = kind.action === 'health-changed' ? null : userIds[actorNo - 1];
    const email = actorId ? `user${actorNo}@t${n}.example.com` : null;
    const name = actorId ? `First${actorNo} Last${actorNo}` : null;
    let targetId;
    let targetName = null;
    if (kind.target === 'self') {
      targetId = actorId;
      targetName = email;
    } else if (kind.target === 'user') {
      const other = ((seq * 104_729) % users) + 1;
      targetId = userIds[other - 1];
      targetName = `user${other}@t${n}.example.com`;
    } else {
      targetId = md5Uuid(`${kind.target}:${n}:${seq % 25}`);
      targetName = `${kind.target} ${seq % 25}`;
    }
    const targetType = kind.target === 'self' ? 'user' : kind.target;
    const ip = `10.${n & 255}.${(actorNo >> 8) & 255}.${actorNo & 255}`;
    const userAgent = actorId ? 'Mozilla/5.0 (X11; Linux x86_64) bench' : null;
    const id = randomUUID();
    const at = Math.floor(start + seq * step);
    const hash = createHash('sha256')
      .update(
        `["skyvault-audit-v1", ${q(tenantId)}, ${seq}, ${q(id)}, ${q(hashTime(at))}, ${q(actorId)}, ${q(email)}, ${q(name)}, ${q(kind.action)}, ${q(kind.method)}, ${q(targetType)}, ${q(targetId)}, ${q(targetName)}, ${q(kind.outcome)}, null, ${q(ip)}, ${q(userAgent)}, null, ${q(prev)}]`,
      )
      .digest('hex');
    yield [
      tenantId,
      id,
      seq,
      actorId,
      email,
      name,
      kind.action,
      kind.outcome,
      kind.method,
      targetType,
      targetId,
      targetName,
      null,
      ip,
      userAgent,
      null,
      new Date(at).toISOString(),
      hash,
      prev,
    ]
      .map(copyText)
      .join('\t');
    prev = hash;
  }
}

async function main() {
  const demo = process.env.DEMO_TENANT;
  if (!demo) throw new Error('DEMO_TENANT: the demo tenant id');
  const now = Date.now();
  const tenants = [{ id: demo, n: 0, events: DEMO_EVENTS, users: DEMO_USERS }];
  for (let n = 1; n < TENANTS; n++) {
    tenants.push({ id: md5Uuid(`scale-tenant-${n}`), n, events: TENANT_EVENTS, users: TENANT_USERS });
  }
  let lines = [];
  const flush = async () => {
    if (!process.stdout.write(`${lines.join('\n')}\n`)) {
      await new Promise((resolve) => process.stdout.once('drain', resolve));
    }
    lines = [];
  };
  for (const t of tenants) {
    for (const line of tenantEvents(t.id, t.n, t.events, t.users, now)) {
      lines.push(line);
      if (lines.length === 5_000) await flush();
    }
  }
  if (lines.length > 0) await flush();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
