import { type ParsedIp, parseIp } from '@skyvault/contract';
import ipaddr from 'ipaddr.js';

/*
 * Addresses are validated by the contract's parseIp (the strict forms both sides accept: dotted IPv4
 * without leading zeros, RFC 4291 IPv6) and held as ParsedIp numbers so that ranges compare with
 * < and >; ipaddr.js does the IPv6 classes and the text forms.
 */

const toAddress = (ip: ParsedIp) => {
  const length = ip.version === 4 ? 4 : 16;
  const bytes = Array.from({ length }, (_, index) =>
    Number((ip.value >> BigInt((length - 1 - index) * 8)) & 0xffn),
  );
  return ipaddr.fromByteArray(bytes);
};

const toParsed = (address: ipaddr.IPv4 | ipaddr.IPv6): ParsedIp => ({
  version: address.kind() === 'ipv4' ? 4 : 6,
  value: address.toByteArray().reduce((value, byte) => (value << 8n) + BigInt(byte), 0n),
});

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:a.b.c.d, RFC 4291 §2.5.5.2), or the address itself. */
export function unmapped(ip: ParsedIp): ParsedIp {
  if (ip.version !== 6) return ip;
  const address = toAddress(ip) as ipaddr.IPv6;
  return address.isIPv4MappedAddress() ? toParsed(address.toIPv4Address()) : ip;
}

/** RFC 5952 text for IPv6 (an IPv4-mapped address ends in its dotted IPv4), dotted for IPv4. */
function textOf(ip: ParsedIp): string {
  const address = toAddress(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  return v6.isIPv4MappedAddress() ? `::ffff:${v6.toIPv4Address().toString()}` : v6.toRFC5952String();
}

/** One text per address, so that stored ranges read (and search) the same however they were typed. */
export function normalizeIp(text: string): string {
  const ip = parseIp(text);
  return ip ? textOf(ip) : text.trim();
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
  return ip ? textOf(ip) : address;
}
