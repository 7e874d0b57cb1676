import { parseIp } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { parseClientAddress, unmapped } from './ip-address.js';
import { listRangeBounds } from './ip-ranges.repository.js';

/** A permitted range as stored (normalized start and end text). */
export interface RangeBounds {
  startIp: string;
  endIp: string;
}

/** Whether the client address lies in the range; an IPv4-mapped address matches IPv4 ranges too. */
export function rangeContains(range: RangeBounds, address: string): boolean {
  const ip = parseClientAddress(address);
  const [start, end] = [parseIp(range.startIp), parseIp(range.endIp)];
  if (!ip || !start || !end) return false;
  // A range written as ::ffff:a.b.c.d..::ffff:e.f.g.h is an IPv4 range too.
  const [from, to] = [unmapped(start), unmapped(end)];
  if (from.version !== ip.version || to.version !== ip.version) return false;
  return ip.value >= from.value && ip.value <= to.value;
}

/** With no range, every address may sign in; with some, only addresses inside one. */
export const addressPermitted = (ranges: readonly RangeBounds[], address: string) =>
  ranges.length === 0 || ranges.some((range) => rangeContains(range, address));

export const ipNotAllowed = () => new AppError('IP_NOT_ALLOWED');

/** Throws 403 IP_NOT_ALLOWED unless the address may reach this tenant. */
export function assertAddressPermitted(ranges: readonly RangeBounds[], address: string): void {
  if (!addressPermitted(ranges, address)) throw ipNotAllowed();
}

/**
 * The network access check of every way into a tenant (password, e-mail code, single sign-on): call it
 * inside the tenant's transaction after the credentials are proven (so it reveals nothing to a guesser)
 * and before a session opens. `address` is request.ip, which honours TRUST_PROXY.
 */
export async function assertNetworkAllowed(tx: Tx, tenantId: string, address: string): Promise<void> {
  assertAddressPermitted(await listRangeBounds(tenantId, tx), address);
}
