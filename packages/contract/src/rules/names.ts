import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import {
  LATIN_NAME,
  LATIN_NAME_WITH_SPACES,
  LETTERS_NAME,
  LETTERS_NAME_WITH_SPACES,
  optionalTextRule,
  PLAIN_LINE,
  PLAIN_TEXT,
  requiredIdRule,
  stringWith,
  textRule,
} from './text.js';

/** Tenant name: 4 to 32, Latin letters, digits, '-' and '_' (it is typed at login, so no spaces). */
export const tenantNameRule = textRule({
  field: 'Tenant name',
  min: 4,
  max: 32,
  pattern: LATIN_NAME,
  patternMessage: MESSAGES.tenantNamePattern,
});

/** Connected app name: 4 to 64, letters of any script, digits, spaces, '-' and '_'. */
export const applicationNameRule = textRule({
  field: 'Name',
  min: 4,
  max: 64,
  pattern: LETTERS_NAME_WITH_SPACES,
  patternMessage: MESSAGES.applicationNamePattern,
});

/** Group name: 4 to 80, Latin letters, digits, spaces, '-' and '_'. */
export const groupNameRule = textRule({
  field: 'Name',
  min: 4,
  max: 80,
  pattern: LATIN_NAME_WITH_SPACES,
  patternMessage: MESSAGES.groupNamePattern,
});

/** Group and role descriptions: optional, at most 255, plain text (see PLAIN_TEXT). */
export const descriptionRule = optionalTextRule({
  field: 'Description',
  max: 255,
  pattern: PLAIN_TEXT,
  patternMessage: MESSAGES.descriptionPattern,
});

/** The role a group gives its users. */
export const roleIdRule = requiredIdRule(MESSAGES.roleRequired);

/** Role name: required, at most 80; the spec names no character set, so plain text on one line. */
export const roleNameRule = textRule({ field: 'Name', max: 80, pattern: PLAIN_LINE });

/** IP range name: 4 to 64, the group name's character set. */
export const ipRangeNameRule = textRule({
  field: 'Name',
  min: 4,
  max: 64,
  pattern: LATIN_NAME_WITH_SPACES,
  patternMessage: MESSAGES.ipRangeNamePattern,
});

/** MFA device name: 4 to 64, letters of any script, digits, '-' and '_'. */
export const mfaNameRule = textRule({
  field: 'Name',
  min: 4,
  max: 64,
  pattern: LETTERS_NAME,
  patternMessage: MESSAGES.mfaNamePattern,
});

/**
 * Connection and storage names. The spec leaves the bounds unshown; we take 3 to 64: short names such as
 * 'dev' or 'QA1' are common for Salesforce orgs, and 64 matches the other names of the product.
 */
export const connectionNameRule = textRule({
  field: 'Name',
  min: 3,
  max: 64,
  pattern: LATIN_NAME,
  patternMessage: MESSAGES.connectionNamePattern,
});
export const storageNameRule = connectionNameRule;

/** Identity provider name: required; no bounds in the spec, 64 plain-text characters are ours. */
export const identityProviderNameRule = textRule({ field: 'Name', max: 64, pattern: PLAIN_LINE });

/** Login button text: optional (empty means 'Connect {name}'), 64 plain-text characters. */
export const buttonTextRule = optionalTextRule({ field: 'Button text', max: 64, pattern: PLAIN_LINE });

/** OpenID provider settings: each 'Value must be set!'; 2048 bounds what we store and send. */
export const providerValueRule = textRule({
  field: 'Value',
  max: 2048,
  requiredMessage: MESSAGES.valueRequired,
});

/** Hosts of this machine: plain http to them never crosses a network (RFC 8252's loopback exception). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
/** The host of an absolute URL, after any user info ('http://127.0.0.1@evil.example' is evil.example's). */
const hostOf = (url: string) => /^[a-z]+:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url)?.[1] ?? '';

/**
 * The issuer is fetched by the server (discovery), so it must be an absolute https URL; http is taken
 * only for a provider on the server's own machine (development and tests), which the server in turn
 * refuses unless it is configured to reach local addresses.
 */
export const issuerRule = providerValueRule.check(
  z.url({ protocol: /^https?$/, error: MESSAGES.issuerInvalid, abort: true }),
  z.refine((value: string) => /^https:/i.test(value) || LOOPBACK_HOST.test(hostOf(value)), {
    error: MESSAGES.issuerInvalid,
    abort: true,
  }),
);

/** Uploaded login button images are SVG only. */
export const isSvgFileName = (fileName: string) => /\.svg$/i.test(fileName.trim());
export const iconFileNameRule = textRule({ field: 'File name', max: 255 }).refine(isSvgFileName, {
  error: MESSAGES.iconMustBeSvg,
  abort: true,
});

/** Encryption key of a Backup connection: required, at most 16 (the console generates one). */
export const encryptionKeyRule = stringWith(MESSAGES.encryptionKeyRequired)
  .trim()
  .min(1, { error: MESSAGES.encryptionKeyRequired, abort: true })
  .max(16, { error: MESSAGES.encryptionKeyMaxLength, abort: true });

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
type RandomSource = { getRandomValues<T extends Uint8Array>(array: T): T };

/** A random 16-character key from a cryptographic source (the create modal's generate button). */
export function generateEncryptionKey(length = 16): string {
  const { crypto } = globalThis as unknown as { crypto: RandomSource };
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps every character equally likely.
  let key = '';
  while (key.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && key.length < length) key += KEY_ALPHABET[byte % KEY_ALPHABET.length];
    }
  }
  return key;
}

/** The storage picker of a Backup connection. */
export const storageIdRule = requiredIdRule(MESSAGES.storageRequired);

/** Delete connection: the typed name must equal the connection's name, both trimmed. */
export const typedConnectionNameRule = (expectedName: string) =>
  textRule({ field: 'Name', requiredMessage: MESSAGES.fieldRequired }).refine(
    (value) => value === expectedName.trim(),
    { error: MESSAGES.connectionNameMismatch, abort: true },
  );
