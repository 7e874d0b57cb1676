import ipaddr from 'ipaddr.js';

/**
 * The part of a client's address that per-address limits count by. An IPv6 client commonly holds a
 * whole /64 (and picks a new address in it at will), so it counts as its /64; an IPv4 client written
 * in IPv6 form (`::ffff:a.b.c.d`) counts as that IPv4 address.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = address.toByteArray().slice(0, 8).concat([0, 0, 0, 0, 0, 0, 0, 0]);
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}
