import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { messagesOf, parsed } from '../test-helpers.js';
import {
  applicationNameRule,
  buttonTextRule,
  connectionNameRule,
  descriptionRule,
  encryptionKeyRule,
  generateEncryptionKey,
  groupNameRule,
  iconFileNameRule,
  identityProviderNameRule,
  ipRangeNameRule,
  issuerRule,
  mfaNameRule,
  providerValueRule,
  roleIdRule,
  roleNameRule,
  storageIdRule,
  tenantNameRule,
  typedConnectionNameRule,
} from './names.js';

const TENANT_PATTERN =
  'Tenant name should contain only latin letters in upper or lower case, digits and "-", "_" symbols';
const SQL = "x'; DROP TABLE users;--";
const HTML = '<img src=x onerror=alert(1)>';

const rejected = [
  ['tenant name missing', tenantNameRule, '', 'Tenant name is required'],
  ['tenant name short', tenantNameRule, 'abc', 'Tenant name should have at least 4 symbols'],
  ['tenant name long', tenantNameRule, 'a'.repeat(33), 'Tenant name should have less than 32 symbols'],
  ['tenant name space', tenantNameRule, 'my tenant', TENANT_PATTERN],
  ['tenant name unicode', tenantNameRule, 'tenänt', TENANT_PATTERN],
  ['tenant name sql', tenantNameRule, SQL, TENANT_PATTERN],
  ['app name missing', applicationNameRule, undefined, 'Name is required'],
  ['app name short', applicationNameRule, ' abc ', 'Name should have at least 4 symbols'],
  ['app name long', applicationNameRule, 'a'.repeat(65), 'Name should have less than 64 symbols'],
  ['app name html', applicationNameRule, HTML, MESSAGES.applicationNamePattern],
  ['app name sql', applicationNameRule, SQL, MESSAGES.applicationNamePattern],
  ['group name missing', groupNameRule, '', 'Name is required'],
  ['group name short', groupNameRule, 'abc', 'Name should have at least 4 symbols'],
  ['group name long', groupNameRule, 'a'.repeat(81), 'Name should have less than 80 symbols'],
  ['group name unicode', groupNameRule, 'Grüppe', MESSAGES.groupNamePattern],
  ['group name html', groupNameRule, HTML, MESSAGES.groupNamePattern],
  ['description long', descriptionRule, 'a'.repeat(256), 'Description should have less than 255 symbols'],
  ['description html', descriptionRule, '<script>alert(1)</script>', MESSAGES.descriptionPattern],
  ['role missing', roleIdRule, '', 'Role is required'],
  ['role null', roleIdRule, null, 'Role is required'],
  ['role not an id', roleIdRule, 'admin', MESSAGES.invalidId],
  ['role name missing', roleNameRule, ' ', 'Name is required'],
  ['role name long', roleNameRule, 'a'.repeat(81), 'Name should have less than 80 symbols'],
  ['role name html', roleNameRule, HTML, MESSAGES.plainText('Name')],
  ['ip range name short', ipRangeNameRule, 'abc', 'Name should have at least 4 symbols'],
  ['ip range name long', ipRangeNameRule, 'a'.repeat(65), 'Name should have less than 64 symbols'],
  ['ip range name sql', ipRangeNameRule, SQL, MESSAGES.ipRangeNamePattern],
  ['mfa name missing', mfaNameRule, '', 'Name is required'],
  ['mfa name short', mfaNameRule, 'abc', 'Name should have at least 4 symbols'],
  ['mfa name long', mfaNameRule, 'a'.repeat(65), 'Name should have less than 64 symbols'],
  ['mfa name space', mfaNameRule, 'my phone', MESSAGES.mfaNamePattern],
  ['connection name missing', connectionNameRule, '', 'Name is required'],
  ['connection name short', connectionNameRule, 'ab', 'Name should have at least 3 symbols'],
  ['connection name long', connectionNameRule, 'a'.repeat(65), 'Name should have less than 64 symbols'],
  [
    'connection name space',
    connectionNameRule,
    'my org',
    'Name should contain only latin letters in upper or lower case, digits and "-", "_" symbols',
  ],
  ['connection name html', connectionNameRule, HTML, MESSAGES.connectionNamePattern],
  ['idp name missing', identityProviderNameRule, '', 'Name is required'],
  ['idp name html', identityProviderNameRule, HTML, MESSAGES.plainText('Name')],
  ['button text html', buttonTextRule, HTML, MESSAGES.plainText('Button text')],
  ['provider value missing', providerValueRule, '', 'Value must be set!'],
  ['provider value undefined', providerValueRule, undefined, 'Value must be set!'],
  ['issuer missing', issuerRule, ' ', 'Value must be set!'],
  ['issuer plain http', issuerRule, 'http://idp.example.com', MESSAGES.issuerInvalid],
  [
    'issuer plain http, loopback-like name',
    issuerRule,
    'http://127.0.0.1.evil.example',
    MESSAGES.issuerInvalid,
  ],
  ['issuer plain http, user info', issuerRule, 'http://127.0.0.1@evil.example', MESSAGES.issuerInvalid],
  ['issuer other scheme', issuerRule, 'ftp://idp.example.com', MESSAGES.issuerInvalid],
  ['icon not svg', iconFileNameRule, 'logo.png', 'Button image must be an SVG file'],
  ['encryption key missing', encryptionKeyRule, '', 'Encryption Key is required.'],
  ['encryption key long', encryptionKeyRule, 'k'.repeat(17), 'Encryption Key cannot exceed 16 characters.'],
  ['storage missing', storageIdRule, '', 'Storage is required'],
  ['storage undefined', storageIdRule, undefined, 'Storage is required'],
  ['typed name missing', typedConnectionNameRule('prod-org'), ' ', 'This field is required'],
  ['typed name different', typedConnectionNameRule('prod-org'), 'prod', 'The connection name must match'],
] as const;

describe('name rules report the first failing condition', () => {
  it.each(rejected)('%s', (_, rule, input, message) => {
    expect(messagesOf(rule, input)).toEqual([message]);
  });
});

const ROLE_ID = '3f2b8a1e-5c4d-4e6f-9a7b-1c2d3e4f5a6b';

describe('name rules accept valid values, bounds included', () => {
  it.each([
    [tenantNameRule, ' acme_Corp-1 ', 'acme_Corp-1'],
    [tenantNameRule, 'abcd', 'abcd'],
    [tenantNameRule, 'a'.repeat(32), 'a'.repeat(32)],
    [applicationNameRule, 'Портал клиента', 'Портал клиента'],
    [applicationNameRule, 'アプリ_01', 'アプリ_01'],
    [applicationNameRule, 'a'.repeat(64), 'a'.repeat(64)],
    [groupNameRule, 'Sales Team_2', 'Sales Team_2'],
    [groupNameRule, 'a'.repeat(80), 'a'.repeat(80)],
    [descriptionRule, '', ''],
    [
      descriptionRule,
      'Équipe: ventes (EU) — 50% & more!\nSecond line.',
      'Équipe: ventes (EU) — 50% & more!\nSecond line.',
    ],
    [descriptionRule, 'a'.repeat(255), 'a'.repeat(255)],
    [roleIdRule, ROLE_ID, ROLE_ID],
    [roleNameRule, 'Release managers (EU)', 'Release managers (EU)'],
    [roleNameRule, 'a'.repeat(80), 'a'.repeat(80)],
    [ipRangeNameRule, 'Office VPN', 'Office VPN'],
    [mfaNameRule, 'Телефон-1', 'Телефон-1'],
    [mfaNameRule, 'a'.repeat(64), 'a'.repeat(64)],
    [connectionNameRule, 'dev', 'dev'],
    [connectionNameRule, 'a'.repeat(64), 'a'.repeat(64)],
    [identityProviderNameRule, 'Okta (staff)', 'Okta (staff)'],
    [issuerRule, 'https://idp.example.com/realms/acme', 'https://idp.example.com/realms/acme'],
    [issuerRule, 'http://127.0.0.1:9000', 'http://127.0.0.1:9000'],
    [issuerRule, 'http://localhost:9000/realms/dev', 'http://localhost:9000/realms/dev'],
    [iconFileNameRule, 'Logo.SVG', 'Logo.SVG'],
    [encryptionKeyRule, 'k'.repeat(16), 'k'.repeat(16)],
    [typedConnectionNameRule(' prod-org '), ' prod-org ', 'prod-org'],
  ] as const)('%#: %s', (rule, input, output) => {
    expect(parsed(rule, input)).toBe(output);
  });
});

describe('generateEncryptionKey', () => {
  it('makes a valid 16-character key, different each time', () => {
    const keys = new Set(Array.from({ length: 20 }, () => generateEncryptionKey()));
    expect(keys.size).toBe(20);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(encryptionKeyRule.safeParse(key).success).toBe(true);
    }
  });
});
