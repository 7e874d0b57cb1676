import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/**
 * Building blocks of the field rules. Every check aborts the field on failure, so a field reports exactly
 * one message: the first failing condition in the order the spec lists them (required, length, pattern).
 * Forms (react-hook-form) and the API's error body both show that one message. An object's own checks
 * (cross-field rules) then run only once its fields are valid.
 */

/** Latin letters, digits, '-' and '_' (tenant, connection and storage names). */
export const LATIN_NAME = /^[A-Za-z0-9_-]+$/;
/** The same with spaces (group and IP range names). */
export const LATIN_NAME_WITH_SPACES = /^[A-Za-z0-9 _-]+$/;
/** Letters of any script (with their combining marks), digits, spaces, '-' and '_' (application names). */
export const LETTERS_NAME_WITH_SPACES = /^[\p{L}\p{M}0-9 _-]+$/u;
/** The same without spaces (MFA device names). */
export const LETTERS_NAME = /^[\p{L}\p{M}0-9_-]+$/u;
/**
 * "Restricted character set" of free text where the spec gives none: letters and digits of any script,
 * spaces, and common punctuation. Markup and template characters (< > ` { } \ | ^ ~) are out, so text
 * pasted from HTML or a template never reaches another screen or an e-mail as markup.
 */
const PUNCTUATION = String.raw`.,:;!?'"()\[\]&/@#%+=*_$\p{Pd}\p{Pi}\p{Pf}`;
/** One line of plain text (role and identity provider names, button texts). */
export const PLAIN_LINE = new RegExp(`^[\\p{L}\\p{M}\\p{N} ${PUNCTUATION}]*$`, 'u');
/** Plain text that may span lines (descriptions). */
export const PLAIN_TEXT = new RegExp(`^[\\p{L}\\p{M}\\p{N}\\s${PUNCTUATION}]*$`, 'u');

/**
 * NUL, or half of a surrogate pair: JSON carries both, but they are not text a database column (or an
 * e-mail) can hold. In a `u` regular expression a whole pair is one code point, so only halves match.
 */
const HALF_OF_A_PAIR = /[\uD800-\uDFFF]/u;
const isUnstorable = (text: string) => text.includes('\u0000') || HALF_OF_A_PAIR.test(text);

/** The path (`credentials.accountName`, `_` for the value itself) of the first such string in a value. */
export function unstorableTextAt(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? path.join('.') || '_' : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextAt(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** A string whose absence (undefined or null) reports `message`; other type errors keep zod's text. */
export const stringWith = (message: string) =>
  z.string({ error: (issue) => (issue.input == null ? message : undefined) });

export interface TextRuleOptions {
  /** The field's label as the messages name it, e.g. 'Name' or 'Tenant name'. */
  field: string;
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternMessage?: string;
  /** When the spec words the required message differently from '{Field} is required'. */
  requiredMessage?: string;
}

/** A required, trimmed text field: required, then minimum, then maximum, then pattern. */
export function textRule({ field, min, max, pattern, patternMessage, requiredMessage }: TextRuleOptions) {
  const missing = requiredMessage ?? MESSAGES.required(field);
  let rule = stringWith(missing).trim().min(1, { error: missing, abort: true });
  if (min !== undefined) rule = rule.min(min, { error: MESSAGES.minLength(field, min), abort: true });
  if (max !== undefined) rule = rule.max(max, { error: MESSAGES.maxLength(field, max), abort: true });
  if (pattern)
    rule = rule.regex(pattern, { error: patternMessage ?? MESSAGES.plainText(field), abort: true });
  return rule;
}

/** An optional trimmed text field; empty is allowed and kept as ''. */
export function optionalTextRule({ field, max, pattern, patternMessage }: Omit<TextRuleOptions, 'min'>) {
  let rule = z.string().trim();
  if (max !== undefined) rule = rule.max(max, { error: MESSAGES.maxLength(field, max), abort: true });
  if (pattern)
    rule = rule.regex(pattern, { error: patternMessage ?? MESSAGES.plainText(field), abort: true });
  return rule;
}

/** Our ids are UUID strings everywhere. */
export const uuidSchema = z.uuid({ error: MESSAGES.invalidId });

/** A required reference to another record (a picker's value): missing or empty reports `message`. */
export const requiredIdRule = (message: string) =>
  stringWith(message)
    .trim()
    .min(1, { error: message, abort: true })
    .check(z.uuid({ error: MESSAGES.invalidId, abort: true }));

/** Dates travel as ISO 8601 strings. */
export const isoDateSchema = z.iso.datetime({ offset: true });

/** An optional picker: '' (a cleared select) and null both mean none and come out as null. */
export const optionalIdRule = z.preprocess((value) => (value === '' ? null : value), uuidSchema.nullable());

/**
 * A field that may stay empty ('' means unchanged, e.g. a password when editing) but otherwise obeys
 * `rule`, reporting the rule's own first message rather than a union's generic one.
 */
export const emptyOr = (rule: z.ZodType<string>) =>
  z.string().superRefine((value, ctx) => {
    if (value === '') return;
    const result = rule.safeParse(value);
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message });
  });
