import ipaddr from 'ipaddr.js';

/**
 * The network an address belongs to, as the usual-networks table keys it: its /24 for IPv4 (one office,
 * one provider's pool) and its /48 for IPv6 (one site's allocation, wider than the /64 a single client
 * holds). Null for anything that is not an address (then the network is not judged at all).
 */
export function networkOf(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    const [a, b, c] = address.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const bytes = address.toByteArray().slice(0, 6).concat(new Array(10).fill(0));
  return `${ipaddr.fromByteArray(bytes).toString()}/48`;
}
