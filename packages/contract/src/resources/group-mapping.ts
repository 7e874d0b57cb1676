import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { requiredIdRule, stringWith } from '../rules/text.js';
import { idParamsSchema } from './list.js';

/**
 * Group mapping: an identity provider's ordered rules, each taking a claim of the sign-in (an OIDC
 * claim, or a SAML attribute under its name) to one of the tenant's groups. A user is in one group, so
 * the FIRST rule that matches decides it (docs/sso.md "Group mapping"). `matchGroupRules` is the one
 * matcher: the API runs it at every sign-in and the console's "Try rules" runs it on pasted claims.
 */

/**
 * - `equals`: the claim is exactly the value: a single value (a string; a number or boolean as its
 *   JSON text, so `email_verified` equals `true`), or a list holding only that value.
 * - `contains`: the value is one of the claim's values (`groups` contains `sf-backup-admins`); a
 *   single value counts as a list of one. Whole values only, never a substring: a rule for `admins`
 *   must not match `not-admins`, or a group name at the provider could grant access by accident.
 * Both compare case-sensitively: providers' group names and ids are.
 */
export const GROUP_RULE_OPERATORS = ['equals', 'contains'] as const;
export type GroupRuleOperator = (typeof GROUP_RULE_OPERATORS)[number];
export const GROUP_RULE_OPERATOR_LABELS: Record<GroupRuleOperator, string> = {
  equals: 'equals',
  contains: 'contains',
};

/** Ours: more rules than this is a sign the provider should send fewer, better-named groups. */
export const MAX_GROUP_RULES = 50;
/** SAML attribute names are often URIs (http://schemas.microsoft.com/ws/2008/06/identity/claims/groups). */
export const GROUP_RULE_CLAIM_MAX = 256;
export const GROUP_RULE_VALUE_MAX = 256;

export const GROUP_MAPPING_MESSAGES = {
  claimRequired: 'Claim is required',
  claimTooLong: `Claim should have at most ${GROUP_RULE_CLAIM_MAX} symbols`,
  valueRequired: 'Value is required',
  valueTooLong: `Value should have at most ${GROUP_RULE_VALUE_MAX} symbols`,
  controlCharacters: 'Use visible characters only (no tabs or line breaks)',
  groupRequired: 'Group is required',
  operatorInvalid: 'Operator should be equals or contains',
  tooManyRules: `A provider has at most ${MAX_GROUP_RULES} rules`,
  saved: 'Group mapping was saved',
  claimsNotJson: 'Claims should be a JSON object, e.g. {"groups": ["admins"]}',
} as const;

/** Text kept as typed but for surrounding spaces; no control characters (they cannot be seen). */
const ruleText = (required: string, tooLong: string, max: number) =>
  stringWith(required)
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true })
    .regex(/^\P{Cc}*$/u, { error: GROUP_MAPPING_MESSAGES.controlCharacters, abort: true });

export const groupRuleSchema = z.object({
  claim: ruleText(
    GROUP_MAPPING_MESSAGES.claimRequired,
    GROUP_MAPPING_MESSAGES.claimTooLong,
    GROUP_RULE_CLAIM_MAX,
  ),
  operator: z.enum(GROUP_RULE_OPERATORS, { error: GROUP_MAPPING_MESSAGES.operatorInvalid }),
  value: ruleText(
    GROUP_MAPPING_MESSAGES.valueRequired,
    GROUP_MAPPING_MESSAGES.valueTooLong,
    GROUP_RULE_VALUE_MAX,
  ),
  groupId: requiredIdRule(GROUP_MAPPING_MESSAGES.groupRequired),
});
export type GroupRule = z.output<typeof groupRuleSchema>;
export type GroupRuleInput = z.input<typeof groupRuleSchema>;

/** GET and PUT /v1/identity-providers/:id/group-mapping: the whole ordered list, first rule first. */
export const groupMappingSchema = z.object({
  rules: z.array(groupRuleSchema).max(MAX_GROUP_RULES, { error: GROUP_MAPPING_MESSAGES.tooManyRules }),
});
export type GroupMapping = z.output<typeof groupMappingSchema>;
export type GroupMappingInput = z.input<typeof groupMappingSchema>;

/** What a sign-in's claims look like to the matcher: OIDC claims, or SAML attributes by name. */
export type Claims = Record<string, unknown>;

/** A claim's values as text: a list's items, or the single value; objects and nulls count as none. */
export function claimValues(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (typeof item === 'number' || typeof item === 'boolean') return [String(item)];
    return [];
  });
}

/** Whether one rule matches the claims (see GROUP_RULE_OPERATORS). */
export function groupRuleMatches(rule: Pick<GroupRule, 'claim' | 'operator' | 'value'>, claims: Claims) {
  if (!Object.hasOwn(claims, rule.claim)) return false;
  const values = claimValues(claims[rule.claim]);
  if (rule.operator === 'equals') return values.length === 1 && values[0] === rule.value;
  return values.includes(rule.value);
}

/** The first rule that matches, with its place in the list (0-based), or null when none does. */
export function matchGroupRules<R extends Pick<GroupRule, 'claim' | 'operator' | 'value'>>(
  rules: readonly R[],
  claims: Claims,
): { index: number; rule: R } | null {
  const index = rules.findIndex((rule) => groupRuleMatches(rule, claims));
  return index < 0 ? null : { index, rule: rules[index]! };
}

/** The console's "Try rules" box: a pasted JSON object of claims, or the message that says what to paste. */
export function parseClaims(text: string): { claims: Claims } | { error: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { claims: parsed as Claims };
  } catch {
    // Reported below, like any other value that is not an object.
  }
  return { error: GROUP_MAPPING_MESSAGES.claimsNotJson };
}

const tags = ['Identity Providers'];

export const groupMappingEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/identity-providers/:id/group-mapping',
    access: 'admin',
    permission: 'sign-in:read',
    summary: "The provider's group mapping rules, in the order they are tried",
    tags,
    params: idParamsSchema,
    response: groupMappingSchema,
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/identity-providers/:id/group-mapping',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: "Replaces the provider's group mapping rules with the ordered list given",
    tags,
    params: idParamsSchema,
    body: groupMappingSchema,
    response: groupMappingSchema,
  }),
} as const;
