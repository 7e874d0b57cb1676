import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.js';

describe('addressKey', () => {
  it('counts every address of one IPv6 /64 as one client', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('counts an IPv4 client the same however Node writes its address', () => {
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
  });

  it('leaves what is no address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
