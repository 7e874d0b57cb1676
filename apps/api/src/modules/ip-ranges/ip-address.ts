import { type ParsedIp, parseIp } from '@skyvault/contract';

/** ::ffff:0:0/96, where IPv4 addresses live in IPv6 (RFC 4291 §2.5.5.2). */
const MAPPED_PREFIX = 0xffffn << 32n;
const LOW_32 = 0xffff_ffffn;

/** The IPv4 address inside an IPv4-mapped IPv6 one, or the address itself. */
export function unmapped(ip: ParsedIp): ParsedIp {
  if (ip.version === 6 && ip.value >> 32n === MAPPED_PREFIX >> 32n)
    return { version: 4, value: ip.value & LOW_32 };
  return ip;
}

const dotted = (value: bigint) =>
  [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');

/** RFC 5952 text: lower case, no leading zeros, the longest run (of two or more) of zero words as '::'. */
function ipv6Text(value: bigint): string {
  if (value >> 32n === MAPPED_PREFIX >> 32n) return `::ffff:${dotted(value & LOW_32)}`;
  const words = Array.from({ length: 8 }, (_, index) =>
    Number((value >> BigInt((7 - index) * 16)) & 0xffffn),
  );
  let [bestStart, bestLength] = [-1, 1];
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && words[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = (list: number[]) => list.map((word) => word.toString(16)).join(':');
  if (bestStart < 0) return hex(words);
  return `${hex(words.slice(0, bestStart))}::${hex(words.slice(bestStart + bestLength))}`;
}

/** One text per address, so that stored ranges read (and search) the same however they were typed. */
export function normalizeIp(text: string): string {
  const ip = parseIp(text);
  if (!ip) return text.trim();
  return ip.version === 4 ? dotted(ip.value) : ipv6Text(ip.value);
}

/**
 * Parses the address the server saw (request.ip). Node reports IPv4 clients of a dual-stack socket as
 * ::ffff:a.b.c.d, and link-local addresses may carry a zone (%eth0), which ranges never do.
 */
export function parseClientAddress(address: string): ParsedIp | null {
  const ip = parseIp(address.split('%')[0] ?? '');
  return ip ? unmapped(ip) : null;
}

/** The caller's address as ranges are written: an IPv4-mapped address reads as plain IPv4. */
export function displayAddress(address: string): string {
  const ip = parseClientAddress(address);
  if (!ip) return address;
  return ip.version === 4 ? dotted(ip.value) : ipv6Text(ip.value);
}
