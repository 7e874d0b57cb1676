import { describe, expect, it } from 'vitest';
import { normalizeIp, parseClientAddress } from './ip-address.js';
import { addressPermitted, rangeContains } from './network-access.js';

describe('IP address text', () => {
  it.each([
    [' 10.0.0.1 ', '10.0.0.1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['::1', '::1'],
    ['fe80:0:0:0:0:0:0:0', 'fe80::'],
    ['::FFFF:192.0.2.1', '::ffff:192.0.2.1'],
    ['::ffff:c000:201', '::ffff:192.0.2.1'],
  ])('normalizes %s to %s', (text, expected) => {
    expect(normalizeIp(text)).toBe(expected);
  });

  it('reads IPv4-mapped and zoned client addresses as the address they stand for', () => {
    expect(parseClientAddress('::ffff:127.0.0.1')).toEqual({ version: 4, value: 0x7f000001n });
    expect(parseClientAddress('fe80::1%eth0')).toEqual({ version: 6, value: (0xfe80n << 112n) + 1n });
    expect(parseClientAddress('not an address')).toBeNull();
  });
});

describe('range membership', () => {
  const v4 = { startIp: '10.0.0.0', endIp: '10.0.0.255' };
  const v6 = { startIp: '2001:db8:1::', endIp: '2001:db8:1:ffff:ffff:ffff:ffff:ffff' };

  it('includes both ends and nothing beyond them', () => {
    expect(rangeContains(v4, '10.0.0.0')).toBe(true);
    expect(rangeContains(v4, '10.0.0.255')).toBe(true);
    expect(rangeContains(v4, '10.0.1.0')).toBe(false);
    expect(rangeContains(v4, '9.255.255.255')).toBe(false);
    expect(rangeContains(v6, '2001:db8:1::42')).toBe(true);
    expect(rangeContains(v6, '2001:db8:2::')).toBe(false);
  });

  it('matches IPv4-mapped addresses against IPv4 ranges, and never across versions otherwise', () => {
    expect(rangeContains(v4, '::ffff:10.0.0.9')).toBe(true);
    expect(rangeContains(v4, '::ffff:10.0.1.9')).toBe(false);
    expect(rangeContains({ startIp: '::ffff:10.0.0.0', endIp: '::ffff:10.0.0.255' }, '10.0.0.9')).toBe(true);
    // ::a00:9 is 10.0.0.9's number, but an IPv4-compatible address is IPv6.
    expect(rangeContains(v4, '::a00:9')).toBe(false);
    expect(rangeContains(v6, '10.0.0.9')).toBe(false);
  });

  it('permits every address while there is no range, and only addresses in one after', () => {
    expect(addressPermitted([], '192.0.2.1')).toBe(true);
    expect(addressPermitted([v4, v6], '2001:db8:1::1')).toBe(true);
    expect(addressPermitted([v4, v6], '192.0.2.1')).toBe(false);
    expect(addressPermitted([v4], 'garbage')).toBe(false);
  });
});
