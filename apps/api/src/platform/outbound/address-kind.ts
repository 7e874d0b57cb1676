import ipaddr from 'ipaddr.js';

/**
 * How the outbound policy sees an address: reachable, reachable only with OUTBOUND_PRIVATE_NETWORKS
 * (this machine and private networks), or never (cloud metadata, link-local, multicast, reserved).
 */
export type AddressKind = 'public' | 'local' | 'forbidden';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/** Cloud metadata services outside the link-local range (Alibaba's sits in 100.64/10, AWS's IPv6 in fc00::/7). */
const METADATA = ['100.100.100.200', 'fd00:ec2::254'].map((text) => ipaddr.parse(text).toString());

/** ipaddr.js's range classes; any class not named here (reserved, documentation, new ones) is forbidden. */
const PUBLIC_RANGES = new Set(['unicast', 'as112', 'amt', 'as112v6']);
const LOCAL_RANGES = new Set(['loopback', 'private', 'carrierGradeNat', 'uniqueLocal']);

const RANK: Record<AddressKind, number> = { public: 0, local: 1, forbidden: 2 };
const worst = (kinds: AddressKind[]): AddressKind =>
  kinds.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'public');

const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

const ipv4At = (bytes: number[], ...at: number[]) => new ipaddr.IPv4(at.map((index) => bytes[index]!));

/**
 * The IPv4 addresses an IPv6 address stands for, when it is one of the forms that carry one: packets
 * to it end up at that IPv4 address (through the kernel, a NAT64 gateway or a relay), so it is judged
 * as that address. Null for plain IPv6.
 */
function carriedIpv4(ip: IPv6): IPv4[] | null {
  const bytes = ip.toByteArray();
  const last32 = () => ipv4At(bytes, 12, 13, 14, 15);
  switch (ip.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [last32()];
    case 'rfc6052': {
      // 64:ff9b::/96 (RFC 6052) carries it in the last 32 bits; the local-use 64:ff9b:1::/48 (RFC 8215)
      // may use any of RFC 6052's longer prefixes, each placing it elsewhere (skipping bits 64-71), so
      // every placement is judged. Placements that read 0.x.x.x are the zero padding of another one.
      if (ip.match(WELL_KNOWN_NAT64)) return [last32()];
      const placements = [
        [6, 7, 9, 10],
        [7, 9, 10, 11],
        [9, 10, 11, 12],
        [12, 13, 14, 15],
      ];
      return placements
        .map((at) => ipv4At(bytes, ...at))
        .filter((candidate) => candidate.range() !== 'unspecified');
    }
    case '6to4': // 2002:aabb:ccdd::/48
      return [ipv4At(bytes, 2, 3, 4, 5)];
    case 'teredo': {
      // 2001:0:server:flags:port:client, the client's address with every bit inverted.
      const client = new ipaddr.IPv4(bytes.slice(12).map((byte) => ~byte & 0xff));
      return [client, ipv4At(bytes, 4, 5, 6, 7)];
    }
    case 'unicast':
      // IPv4-compatible ::a.b.c.d (deprecated, but still parsed and routed by some stacks).
      return bytes.slice(0, 12).every((byte) => byte === 0) ? [last32()] : null;
    default:
      return null;
  }
}

function kindOf(ip: IPv4 | IPv6): AddressKind {
  if (METADATA.includes(ip.toString())) return 'forbidden';
  if (ip.kind() === 'ipv6') {
    const carried = carriedIpv4(ip as IPv6);
    if (carried) {
      // A local-use NAT64 prefix is someone's own network, whatever address it carries.
      const floor: AddressKind = ip.match(LOCAL_USE_NAT64) ? 'local' : 'public';
      return worst([floor, ...carried.map(kindOf)]);
    }
  }
  const range = ip.range();
  if (PUBLIC_RANGES.has(range)) return 'public';
  return LOCAL_RANGES.has(range) ? 'local' : 'forbidden';
}

/**
 * Judges an address as resolved or written in a URL (brackets and zone allowed). IPv4 in any spelling
 * ipaddr.js reads (127.1, 0x7f000001, 0177.0.0.1) is judged by its value; what is not an address at all
 * is forbidden.
 */
export function addressKind(address: string): AddressKind {
  const text = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return 'forbidden';
  return kindOf(ipaddr.parse(text));
}
