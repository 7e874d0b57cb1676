import {
  type IpRange,
  type ipRangeCreateSchema,
  type ipRangeListQuerySchema,
  type ipRangePatchSchema,
  ipRangeProblem,
  NAME_TAKEN,
  NOT_FOUND,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database, Executor, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { displayAddress, normalizeIp } from './ip-address.js';
import * as repo from './ip-ranges.repository.js';
import { addressPermitted } from './network-access.js';

type IpRangeInput = z.output<typeof ipRangeCreateSchema>;
type IpRangeChange = z.output<typeof ipRangePatchSchema>;
type IpRangeListQuery = z.output<typeof ipRangeListQuerySchema>;

export const IP_RANGE_NOT_FOUND = NOT_FOUND.ipRange;
export const IP_RANGE_NAME_TAKEN = NAME_TAKEN.ipRange;

export const toIpRange = (row: repo.IpRangeRow): IpRange => ({
  id: row.id,
  name: row.name,
  startIPAddress: row.startIp,
  endIPAddress: row.endIp,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const audited = (row: repo.IpRangeValues) => ({ name: row.name, startIp: row.startIp, endIp: row.endIp });

const normalized = (input: IpRangeInput): repo.IpRangeValues => ({
  name: input.name,
  startIp: normalizeIp(input.startIPAddress),
  endIp: normalizeIp(input.endIPAddress),
});

/**
 * Network access: the tenant's permitted address ranges. Every change is checked against the address of
 * the administrator making it, inside the same transaction, so nobody can lock themself out by mistake.
 */
export function createIpRangeService(deps: { database: Database }) {
  const { database } = deps;

  /** The range, or 404; `lock` before a save or a delete (see findRange). */
  async function existing(tenantId: string, tx: Executor, id: string, options: { lock?: boolean } = {}) {
    const row = await repo.findRange(tenantId, tx, id, options);
    if (!row) throw notFound(IP_RANGE_NOT_FOUND);
    return row;
  }

  async function checkName(tenantId: string, tx: Executor, name: string, exceptId?: string) {
    if (await repo.nameTaken(tenantId, tx, name, exceptId)) {
      throw conflict(IP_RANGE_NAME_TAKEN, { name: IP_RANGE_NAME_TAKEN });
    }
  }

  /** After the change, the caller's own address must still be permitted; otherwise it all rolls back. */
  async function checkNoLockout(tenantId: string, tx: Tx, meta: RequestMeta) {
    const ranges = await repo.listRangeBounds(tenantId, tx);
    if (!addressPermitted(ranges, meta.ip)) throw new AppError('IP_RANGE_LOCKOUT');
  }

  return {
    async list(actor: Actor, query: IpRangeListQuery, address: string) {
      const rows = await database.tenant(actor.tenantId, (tx) =>
        repo.listRanges(actor.tenantId, tx, query.searchText),
      );
      return { ipRanges: rows.map(toIpRange), total: rows.length, yourAddress: displayAddress(address) };
    },

    get: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => toIpRange(await existing(actor.tenantId, tx, id))),

    async create(actor: Actor, meta: RequestMeta, input: IpRangeInput) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        await checkName(tenantId, tx, input.name);
        const row = await repo.insertRange(tenantId, tx, normalized(input));
        await checkNoLockout(tenantId, tx, meta);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'ip-range',
          targetId: row.id,
          targetName: row.name,
          after: audited(row),
        });
        return toIpRange(row);
      });
    },

    /** Fields left out keep their stored value; the merged range is validated as a whole. */
    async update(actor: Actor, meta: RequestMeta, id: string, input: IpRangeChange) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        const before = await existing(tenantId, tx, id, { lock: true });
        const merged = {
          name: input.name ?? before.name,
          startIPAddress: input.startIPAddress ?? before.startIp,
          endIPAddress: input.endIPAddress ?? before.endIp,
        };
        const problem = ipRangeProblem(merged.startIPAddress, merged.endIPAddress);
        if (problem) throw invalidField('endIPAddress', problem);
        if (input.name !== undefined) await checkName(tenantId, tx, input.name, id);
        const after = await repo.updateRange(tenantId, tx, id, normalized(merged));
        await checkNoLockout(tenantId, tx, meta);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'ip-range',
          targetId: id,
          targetName: after.name,
          before: audited(before),
          after: audited(after),
        });
        return toIpRange(after);
      });
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await existing(tenantId, tx, id, { lock: true });
        await repo.deleteRange(tenantId, tx, id);
        await checkNoLockout(tenantId, tx, meta);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'ip-range',
          targetId: id,
          targetName: row.name,
          before: audited(row),
        });
      });
    },
  };
}

export type IpRangeService = ReturnType<typeof createIpRangeService>;
