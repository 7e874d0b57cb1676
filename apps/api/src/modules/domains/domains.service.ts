import { randomBytes } from 'node:crypto';
import {
  type Brand,
  DOMAIN_MESSAGES,
  DOMAIN_TXT_VALUE_PREFIX,
  type Domain,
  type domainCreateSchema,
  domainTxtName,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso, violatesUnique } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { createPoller } from '../../platform/background/poller.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { createDomainEvents } from './domain-events.js';
import { isPublicSuffix, normalDomain } from './domain-names.js';
import { nextState, type Reading, readLookup } from './domain-state.js';
import * as repo from './domains.repository.js';
import { createTxtLookup, type LookUpTxt } from './txt-lookup.js';

type DomainInput = z.output<typeof domainCreateSchema>;
type Row = repo.VerifiedDomainRow;

const DAY = 24 * 3_600_000;
/** The indexes a write can lose a race on (migration 0033). */
const TENANT_DOMAIN_INDEX = 'verified_domains_tenant_domain_key';
const VERIFIED_INDEX = 'verified_domains_verified_key';
/** Longer than a look-up takes: a crashed process's claims run out and another process checks them. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

const optionalIso = (date: Date | null) => (date ? iso(date) : null);

export const toDomain = (row: Row, graceMs: number): Domain => ({
  id: row.id,
  domain: row.domain,
  status: row.status,
  txtName: domainTxtName(row.domain),
  txtValue: row.txtValue,
  verifiedAt: optionalIso(row.verifiedAt),
  checkedAt: optionalIso(row.checkedAt),
  lastFound: row.lastFound,
  lastError: row.lastError,
  missingSince: optionalIso(row.missingSince),
  lapsesAt:
    row.status === 'Verified' && row.missingSince
      ? iso(new Date(row.missingSince.getTime() + graceMs))
      : null,
  createdAt: iso(row.createdAt),
});

/** Who looked: an administrator's Verify, or the daily re-check (null). */
type By = { userId: string; meta: RequestMeta } | null;

/**
 * Security → Domains: a tenant's e-mail domains, their verification through a DNS TXT record, and the
 * daily re-check of verified ones (`start` in every process; each due domain is claimed with a lease
 * so that exactly one process checks it). Look-ups happen outside any transaction; their result is
 * applied to the row locked in its own.
 */
export function createDomainService(deps: {
  database: Database;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  config: Config['domains'];
  log: FastifyBaseLogger;
  /** The clock of look-ups, re-checks and the grace period (see AppOptions.clock). */
  now?: () => number;
  /** Overrides the DNS look-up (tests use a real DNS server through DNS_SERVERS instead). */
  lookUp?: LookUpTxt;
}) {
  const { database, config, log } = deps;
  const now = deps.now ?? Date.now;
  const graceMs = config.graceDays * DAY;
  const lookUp =
    deps.lookUp ?? createTxtLookup({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs });
  const recordEvent = createDomainEvents({
    outbox: deps.outbox,
    brand: deps.brand,
    publicUrl: deps.publicUrl,
    graceMs,
  });
  const answer = (row: Row) => toDomain(row, graceMs);

  async function existing(tenantId: string, tx: Tx, id: string) {
    const row = await repo.findDomain(tenantId, tx, id);
    if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
    return row;
  }

  async function read(row: Row): Promise<Reading> {
    return readLookup(row.domain, row.txtValue, await lookUp(domainTxtName(row.domain)));
  }

  /**
   * Applies a look-up to the row as it is now (locked). A re-check applies only to a domain still
   * verified (an administrator may have deleted it or verified it anew meanwhile); answers null then.
   */
  async function apply(tenantId: string, id: string, reading: Reading, by: By) {
    let mailed = false;
    const after = await database.tenant(tenantId, async (tx) => {
      const before = await repo.lockDomain(tenantId, tx, id);
      if (!before) {
        if (by) throw notFound(DOMAIN_MESSAGES.notFound);
        return null;
      }
      if (!by && before.status !== 'Verified') return null;
      const { change, event } = nextState(before, reading, new Date(now()), graceMs);
      const row = await repo.updateDomain(tenantId, tx, id, change);
      if (event) mailed = await recordEvent(tx, before, row, event, by);
      else if (by) {
        await recordAudit(tx, by.meta, {
          tenantId,
          actorId: by.userId,
          action: 'verify-domain',
          outcome: reading.finding === 'present' ? 'success' : 'failure',
          targetType: 'domain',
          targetId: id,
          targetName: row.domain,
          after: { status: row.status, found: row.lastFound, error: row.lastError },
        });
      }
      return row;
    });
    if (mailed) deps.outbox.nudge();
    return after;
  }

  /**
   * Another tenant holds the domain verified: the look-up is kept with the refusal in the requesting
   * tenant's trail, the attempt goes into the owner's (a system event that names no one: tenants
   * never learn of each other), and the caller is answered 409.
   */
  async function refuse(actor: Actor, meta: RequestMeta, row: Row, reading: Reading): Promise<never> {
    const message = DOMAIN_MESSAGES.verifiedElsewhere;
    await database.tenant(actor.tenantId, async (tx) => {
      await repo.updateDomain(actor.tenantId, tx, row.id, {
        checkedAt: new Date(now()),
        lastFound: reading.lastFound,
        lastError: message,
      });
      await recordAudit(tx, meta, {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        action: 'verify-domain-refused',
        outcome: 'failure',
        targetType: 'domain',
        targetId: row.id,
        targetName: row.domain,
      });
    });
    await database.system(async (tx) => {
      const owner = await repo.verifiedElsewhere(tx, actor.tenantId, row.domain);
      if (!owner) return;
      await recordAudit(tx, null, {
        tenantId: owner.tenantId,
        actorId: null,
        action: 'domain-claim-attempt',
        outcome: 'failure',
        targetType: 'domain',
        targetId: owner.id,
        targetName: owner.domain,
      });
    });
    throw conflict(message);
  }

  /** Checks every verified domain due now; answers how many were claimed. */
  async function runDue(): Promise<number> {
    let total = 0;
    while (!poller.isStopped()) {
      const at = now();
      const claimed = await database.system((tx) =>
        repo.claimDue(tx, new Date(at), new Date(at + CLAIM_MS), BATCH),
      );
      if (claimed.length === 0) break;
      total += claimed.length;
      for (const due of claimed) {
        try {
          const reading = readLookup(due.domain, due.txtValue, await lookUp(domainTxtName(due.domain)));
          await apply(due.tenantId, due.id, reading, null);
        } catch (error) {
          // One domain's failure stays its own: its lease runs out and it is tried again.
          log.warn({ err: error, domainId: due.id }, 'domain re-check failed');
        }
      }
    }
    return total;
  }

  const poller = createPoller({
    pollMs: config.checkPollMs,
    pass: runDue,
    log,
    failure: 'domain re-checks failed',
  });

  return {
    async list(actor: Actor) {
      const rows = await database.tenant(actor.tenantId, (tx) => repo.listDomains(actor.tenantId, tx));
      return { domains: rows.map(answer), total: rows.length };
    },

    async get(actor: Actor, id: string) {
      return answer(await database.tenant(actor.tenantId, (tx) => existing(actor.tenantId, tx, id)));
    },

    /** A pending domain with a fresh value to publish; the same domain once per tenant. */
    async create(actor: Actor, meta: RequestMeta, input: DomainInput) {
      const { tenantId } = actor;
      const domain = normalDomain(input.domain) ?? input.domain;
      if (isPublicSuffix(domain)) throw invalidField('domain', DOMAIN_MESSAGES.domainPublicSuffix(domain));
      const added = () => conflict(DOMAIN_MESSAGES.domainAdded, { domain: DOMAIN_MESSAGES.domainAdded });
      const txtValue = `${DOMAIN_TXT_VALUE_PREFIX}${randomBytes(24).toString('base64url')}`;
      const created = database.tenant(tenantId, async (tx) => {
        if (await repo.tenantHasDomain(tenantId, tx, domain)) throw added();
        const row = await repo.insertDomain(tenantId, tx, { domain, txtValue, createdBy: actor.userId });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'domain',
          targetId: row.id,
          targetName: domain,
          after: { domain, status: row.status },
        });
        return answer(row);
      });
      return created.catch((error: unknown) => {
        throw violatesUnique(error, TENANT_DOMAIN_INDEX) ? added() : error;
      });
    },

    /**
     * Verify: looks the record up now. A pending (or lapsed) domain becomes verified when the value is
     * there and no other tenant holds it; otherwise it stays as it was, with what was found. On a
     * verified domain it is the re-check, done at once.
     */
    async verify(actor: Actor, meta: RequestMeta, id: string) {
      const row = await database.tenant(actor.tenantId, (tx) => existing(actor.tenantId, tx, id));
      const reading = await read(row);
      const claiming = reading.finding === 'present' && row.status !== 'Verified';
      if (claiming && (await database.system((tx) => repo.verifiedElsewhere(tx, actor.tenantId, row.domain))))
        return refuse(actor, meta, row, reading);
      try {
        const after = await apply(actor.tenantId, id, reading, { userId: actor.userId, meta });
        return answer(after!);
      } catch (error) {
        // Another tenant verified it between the look-up above and this write: the index decides.
        if (violatesUnique(error, VERIFIED_INDEX)) return refuse(actor, meta, row, reading);
        throw error;
      }
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await repo.lockDomain(tenantId, tx, id);
        if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
        await repo.deleteDomain(tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'domain',
          targetId: id,
          targetName: row.domain,
          before: { domain: row.domain, status: row.status },
        });
      });
    },

    runDue,
    nudge: poller.nudge,
    start: poller.start,
  };
}

export type DomainService = ReturnType<typeof createDomainService>;
