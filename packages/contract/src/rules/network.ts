import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { stringWith } from './text.js';

export interface ParsedIp {
  version: 4 | 6;
  /** The address as one number, so that ranges compare with < and >. */
  value: bigint;
}

/** IPv4 in dotted form, each octet 0 to 255 without leading zeros (the spec's "octet pattern"). */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEXTET = /^[0-9a-fA-F]{1,4}$/;

function parseIpv4(text: string): bigint | null {
  if (!IPV4.test(text)) return null;
  return text.split('.').reduce((acc, octet) => (acc << 8n) + BigInt(octet), 0n);
}

/** IPv6 in any RFC 4291 text form ('::' shorthand, trailing dotted IPv4); zone ids are refused. */
function parseIpv6(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const compressed = halves.length === 2;
  const words: number[] = [];
  const all = [...head, ...tail];
  for (const [index, group] of all.entries()) {
    // A dotted IPv4 may only end the address, and never just before '::'.
    const endsAddress = index === all.length - 1 && (!compressed || tail.length > 0);
    if (endsAddress && group.includes('.')) {
      const v4 = parseIpv4(group);
      if (v4 === null) return null;
      words.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else if (HEXTET.test(group)) {
      words.push(Number.parseInt(group, 16));
    } else {
      return null;
    }
  }
  if (compressed ? words.length > 7 : words.length !== 8) return null;
  const headWords = words.length - (compressed ? tailWordCount(tail) : 0);
  const full = [...words.slice(0, headWords), ...Array(8 - words.length).fill(0), ...words.slice(headWords)];
  return full.reduce((acc: bigint, word: number) => (acc << 16n) + BigInt(word), 0n);
}

/** Words taken by the groups after '::' (a dotted IPv4 tail counts as two). */
const tailWordCount = (tail: string[]) => tail.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);

/** Parses an IPv4 or IPv6 address; null when it is neither. */
export function parseIp(text: string): ParsedIp | null {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = trimmed.includes(':') ? parseIpv6(trimmed) : null;
  return v6 === null ? null : { version: 6, value: v6 };
}

/** Whether `address` lies in the inclusive range start..end (network access enforcement). */
export function ipInRange(address: string, start: string, end: string): boolean {
  const [ip, from, to] = [parseIp(address), parseIp(start), parseIp(end)];
  if (!ip || !from || !to || ip.version !== from.version || from.version !== to.version) return false;
  return ip.value >= from.value && ip.value <= to.value;
}

/** A required IP address field; `field` names it in messages ('Start IP address'). */
export const ipAddressRule = (field: string) =>
  stringWith(MESSAGES.required(field))
    .trim()
    .min(1, { error: MESSAGES.required(field), abort: true })
    .refine((value) => parseIp(value) !== null, {
      error: MESSAGES.ipAddressInvalid(field),
      abort: true,
    });
export const startIpRule = ipAddressRule('Start IP address');
export const endIpRule = ipAddressRule('End IP address');

/** The message for a start..end pair that is not a range, or undefined when it is one. */
export function ipRangeProblem(start: string, end: string): string | undefined {
  const [from, to] = [parseIp(start), parseIp(end)];
  if (!from || !to) return undefined;
  if (from.version !== to.version) return MESSAGES.ipRangeVersionMismatch;
  return to.value < from.value ? MESSAGES.ipRangeOrder : undefined;
}

/**
 * Whether an absolute URL's host is this machine: localhost, 127.0.0.0/8 or [::1]. The host is what
 * follows any user info ('http://127.0.0.1@evil.example' is evil.example's).
 */
function isLoopbackHost(url: string): boolean {
  const host = (/^[a-z]+:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url)?.[1] ?? '').toLowerCase();
  if (host === 'localhost') return true;
  const ip = parseIp(host.replace(/^\[(.*)\]$/, '$1'));
  if (ip?.version === 4) return ip.value >> 24n === 127n;
  return ip?.version === 6 && ip.value === 1n;
}

/**
 * Where a connected app's users are sent back (callback and sign-out URLs): absolute, no fragment
 * (RFC 6749 §3.1.2), at most 2048 characters, and https, since the URL carries the authorization code.
 * Plain http is taken only for the user's own machine (RFC 8252 §7.3, RFC 9700 §2.6), where a
 * developer's app listens. Private-use schemes (com.example.app:/cb) are not taken: they serve native
 * apps, which cannot keep a client secret, and every connected app is a confidential client.
 */
export const authorizedUrlRule = stringWith(MESSAGES.urlInvalid)
  .trim()
  .max(2048, { error: MESSAGES.urlInvalid, abort: true })
  .check(z.url({ protocol: /^https?$/, error: MESSAGES.urlInvalid, abort: true }))
  .refine((value) => !value.includes('#'), { error: MESSAGES.urlFragment, abort: true })
  .refine((value) => /^https:/i.test(value) || isLoopbackHost(value), {
    error: MESSAGES.urlInsecure,
    abort: true,
  });
