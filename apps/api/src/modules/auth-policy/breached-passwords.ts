import { MFA_POLICY_MESSAGES } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { invalidField } from '../../lib/errors.js';
import { findPolicy } from './auth-policy.repository.js';

/**
 * Breached and common passwords, from the list zxcvbn ships (about 49,000 passwords seen in breaches,
 * most common first): no network call. Read once, on the first check, into a Set; the module is large,
 * so a process that never checks a password never loads it.
 */
let list: Promise<ReadonlySet<string>> | undefined;
const breachedList = () => {
  list ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary.passwords));
  return list;
};

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;
const TRAILING_DIGITS = /\p{Nd}+$/u;

/**
 * The forms of a password looked up in the list, which holds lower-case words: the password in lower
 * case ("Password1"), without its symbols ("Pass-word1!" → "password1": our rules force a special
 * symbol, and the list has almost none), and that without its trailing digits ("Summer-2024!" →
 * "summer"), the usual way a common word is dressed up to pass the rules.
 */
export function lookupForms(password: string): string[] {
  const lower = password.toLowerCase();
  const bare = lower.replace(NOT_LETTER_OR_DIGIT, '');
  const word = bare.replace(TRAILING_DIGITS, '');
  return [...new Set([lower, bare, word])].filter((form) => form.length > 0);
}

export async function isBreachedPassword(password: string): Promise<boolean> {
  const breached = await breachedList();
  return lookupForms(password).some((form) => breached.has(form));
}

/**
 * Refuses a new password found in the list, as a field error on the form's field. `refuse` is the
 * deployment's switch (BREACHED_PASSWORDS) together with the tenant's policy when there is a tenant.
 */
export async function refuseBreachedPassword(
  refuse: boolean,
  password: string,
  field: string,
): Promise<void> {
  if (refuse && (await isBreachedPassword(password))) {
    throw invalidField(field, MFA_POLICY_MESSAGES.passwordBreached);
  }
}

/** The tenant's policy (on unless an administrator turned it off); a tenant not found refuses. */
export async function refusesBreachedPasswords(tx: Tx, tenantId: string): Promise<boolean> {
  return (await findPolicy(tenantId, tx))?.refuseBreachedPasswords ?? true;
}
