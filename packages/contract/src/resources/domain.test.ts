import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, domainCreateSchema, domainTxtName } from './domain.js';

const parse = (domain: string) => domainCreateSchema.safeParse({ domain });
const messageOf = (domain: string) => {
  const result = parse(domain);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the domain-name rule', () => {
  it.each([
    [' Acme.COM. ', 'acme.com'],
    ['eu.acme.com', 'eu.acme.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['my-company.co.uk', 'my-company.co.uk'],
  ])('stores %s as %s', (typed, stored) => {
    expect(parse(typed)).toEqual({ success: true, data: { domain: stored } });
  });

  it.each([
    ['', DOMAIN_MESSAGES.domainRequired],
    ['acme', DOMAIN_MESSAGES.domainFormat],
    ['https://acme.com', DOMAIN_MESSAGES.domainFormat],
    ['jane@acme.com', DOMAIN_MESSAGES.domainFormat],
    ['acme.com/path', DOMAIN_MESSAGES.domainFormat],
    ['-acme.com', DOMAIN_MESSAGES.domainFormat],
    ['acme..com', DOMAIN_MESSAGES.domainFormat],
    ['192.0.2.1', DOMAIN_MESSAGES.domainIpAddress],
    ['0x7f.1', DOMAIN_MESSAGES.domainIpAddress],
    ['2001:db8::1', DOMAIN_MESSAGES.domainIpAddress],
    ['[2001:db8::1]', DOMAIN_MESSAGES.domainIpAddress],
    ['gmail.com', DOMAIN_MESSAGES.domainFreeMail],
    ['Outlook.com', DOMAIN_MESSAGES.domainFreeMail],
    ['mail.yahoo.com', DOMAIN_MESSAGES.domainFreeMail],
    [`${'a'.repeat(250)}.com`, DOMAIN_MESSAGES.domainTooLong],
  ])('refuses %j: %s', (typed, message) => {
    expect(messageOf(typed)).toBe(message);
  });

  it('says in plain words why a look-up learnt nothing', () => {
    expect(DOMAIN_MESSAGES.lookup.failed('ECONNREFUSED')).toBe(
      'The DNS servers could not be reached. Try again in a few minutes.',
    );
    expect(DOMAIN_MESSAGES.lookup.failed('EBADRESP')).toBe(
      'The DNS look-up failed (EBADRESP). Try again in a few minutes.',
    );
  });

  it('names the TXT record under the domain', () => {
    expect(domainTxtName('acme.com')).toBe('_skyvault-verification.acme.com');
  });
});
