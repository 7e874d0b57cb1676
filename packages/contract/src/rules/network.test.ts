import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { messagesOf } from '../test-helpers.js';
import { authorizedUrlRule, ipInRange, ipRangeProblem, parseIp, startIpRule } from './network.js';

describe('parseIp', () => {
  it.each([
    ['0.0.0.0', 4, 0n],
    ['255.255.255.255', 4, 0xffffffffn],
    ['10.0.0.1', 4, 0x0a000001n],
    ['::', 6, 0n],
    ['::1', 6, 1n],
    ['2001:db8::', 6, 0x20010db8n << 96n],
    ['2001:DB8:0:0:0:0:0:1', 6, (0x20010db8n << 96n) + 1n],
    ['::ffff:192.0.2.1', 6, (0xffffn << 32n) + 0xc0000201n],
    ['1:2:3:4:5:6:7:8', 6, 0x00010002000300040005000600070008n],
  ] as const)('%s', (text, version, value) => {
    expect(parseIp(text)).toEqual({ version, value });
  });

  it.each([
    '',
    '256.0.0.1',
    '01.2.3.4',
    '1.2.3',
    '1.2.3.4.5',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '1:::2',
    '12345::',
    'fe80::1%eth0',
    '1.2.3.4::',
    '::1.2.3.4:5',
    "1.1.1.1' OR 1=1",
  ])('refuses %j', (text) => {
    expect(parseIp(text)).toBeNull();
  });
});

describe('IP ranges', () => {
  it('checks membership within one version', () => {
    expect(ipInRange('10.0.0.5', '10.0.0.0', '10.0.0.255')).toBe(true);
    expect(ipInRange('10.0.1.0', '10.0.0.0', '10.0.0.255')).toBe(false);
    expect(ipInRange('::1', '10.0.0.0', '10.0.0.255')).toBe(false);
    expect(ipInRange('2001:db8::5', '2001:db8::', '2001:db8::ffff')).toBe(true);
  });

  it('reports mixed versions and reversed ranges', () => {
    expect(ipRangeProblem('10.0.0.1', '::1')).toBe(MESSAGES.ipRangeVersionMismatch);
    expect(ipRangeProblem('10.0.0.2', '10.0.0.1')).toBe(MESSAGES.ipRangeOrder);
    expect(ipRangeProblem('10.0.0.1', '10.0.0.1')).toBeUndefined();
  });

  it.each([
    ['', 'Start IP address is required'],
    ['300.1.1.1', 'Start IP address should be a valid IPv4 or IPv6 address'],
  ])('start address %j', (input, message) => {
    expect(messagesOf(startIpRule, input)).toEqual([message]);
  });
});

describe('authorized URLs', () => {
  it.each([
    ['https://', MESSAGES.urlInvalid],
    ['app.example.com/callback', MESSAGES.urlInvalid],
    ['javascript:alert(1)', MESSAGES.urlInvalid],
    ['ftp://example.com', MESSAGES.urlInvalid],
    ['https://app.example.com/cb#frag', MESSAGES.urlFragment],
    [`https://example.com/${'a'.repeat(2030)}`, MESSAGES.urlInvalid],
    ['http://app.example.com/callback', MESSAGES.urlInsecure],
    ['http://10.0.0.5/callback', MESSAGES.urlInsecure],
    ['http://127.0.0.1.evil.example/cb', MESSAGES.urlInsecure],
    ['http://127.0.0.1@evil.example/cb', MESSAGES.urlInsecure],
    ['http://localhost.evil.example/cb', MESSAGES.urlInsecure],
    ['http://[::2]/cb', MESSAGES.urlInsecure],
    ['com.example.app:/oauth/callback', MESSAGES.urlInvalid],
  ])('%j', (input, message) => {
    expect(messagesOf(authorizedUrlRule, input)).toEqual([message]);
  });

  it.each([
    'https://app.example.com/callback?x=1',
    'http://localhost:3000/cb',
    'http://127.0.0.1:8080/',
    'http://127.10.20.30/cb',
    'http://[::1]:8080/cb',
    'HTTP://LOCALHOST/cb',
  ])('accepts %s', (input) => {
    expect(authorizedUrlRule.safeParse(input).success).toBe(true);
  });
});
