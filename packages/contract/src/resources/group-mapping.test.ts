import { describe, expect, it } from 'vitest';
import {
  claimValues,
  GROUP_MAPPING_MESSAGES,
  type GroupRule,
  groupMappingSchema,
  groupRuleMatches,
  matchGroupRules,
  parseClaims,
} from './group-mapping.js';

const G1 = '00000000-0000-4000-8000-000000000001';
const G2 = '00000000-0000-4000-8000-000000000002';
const rule = (claim: string, operator: GroupRule['operator'], value: string, groupId = G1): GroupRule => ({
  claim,
  operator,
  value,
  groupId,
});

describe('the group mapping matcher', () => {
  it('contains: one of a list claim’s values, whole, case-sensitive; a single value is a list of one', () => {
    const admins = rule('groups', 'contains', 'sf-backup-admins');
    expect(groupRuleMatches(admins, { groups: ['staff', 'sf-backup-admins'] })).toBe(true);
    expect(groupRuleMatches(admins, { groups: 'sf-backup-admins' })).toBe(true);
    expect(groupRuleMatches(admins, { groups: ['not-sf-backup-admins-really'] })).toBe(false);
    expect(groupRuleMatches(admins, { groups: ['SF-Backup-Admins'] })).toBe(false);
    expect(groupRuleMatches(admins, { groups: [] })).toBe(false);
    expect(groupRuleMatches(admins, { roles: ['sf-backup-admins'] })).toBe(false);
  });

  it('equals: the claim is exactly the value (numbers and booleans as their text)', () => {
    expect(groupRuleMatches(rule('department', 'equals', 'Finance'), { department: 'Finance' })).toBe(true);
    expect(groupRuleMatches(rule('department', 'equals', 'Finance'), { department: 'Finance EU' })).toBe(
      false,
    );
    expect(groupRuleMatches(rule('groups', 'equals', 'a'), { groups: ['a'] })).toBe(true);
    expect(groupRuleMatches(rule('groups', 'equals', 'a'), { groups: ['a', 'b'] })).toBe(false);
    expect(groupRuleMatches(rule('email_verified', 'equals', 'true'), { email_verified: true })).toBe(true);
    expect(groupRuleMatches(rule('level', 'equals', '3'), { level: 3 })).toBe(true);
  });

  it('reads SAML attribute names as they are (URIs with dots), and no inherited property', () => {
    const uri = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups';
    expect(groupRuleMatches(rule(uri, 'contains', 'g-1'), { [uri]: ['g-1', 'g-2'] })).toBe(true);
    expect(groupRuleMatches(rule('constructor', 'contains', 'Object'), {})).toBe(false);
    expect(claimValues({ nested: 'x' })).toEqual([]);
    expect(claimValues(null)).toEqual([]);
    expect(claimValues(['a', 1, null, { b: 2 }])).toEqual(['a', '1']);
  });

  it('takes the first matching rule in the order given', () => {
    const rules = [
      rule('groups', 'contains', 'admins', G1),
      rule('groups', 'contains', 'staff', G2),
      rule('department', 'equals', 'IT', G2),
    ];
    expect(matchGroupRules(rules, { groups: ['staff', 'admins'] })).toEqual({ index: 0, rule: rules[0] });
    expect(matchGroupRules(rules, { groups: ['staff'] })).toEqual({ index: 1, rule: rules[1] });
    expect(matchGroupRules(rules, { department: 'IT' })?.index).toBe(2);
    expect(matchGroupRules(rules, { groups: ['contractors'] })).toBeNull();
    expect(matchGroupRules([], { groups: ['admins'] })).toBeNull();
  });

  it('parses pasted claims: a JSON object, or the message that says what to paste', () => {
    expect(parseClaims('{"groups": ["a"]}')).toEqual({ claims: { groups: ['a'] } });
    for (const text of ['', '[1]', '"groups"', '{groups: 1}', 'null']) {
      expect(parseClaims(text)).toEqual({ error: GROUP_MAPPING_MESSAGES.claimsNotJson });
    }
  });

  it('validates a rule list: trimmed text, known operators, a group each', () => {
    const parsed = groupMappingSchema.safeParse({
      rules: [{ claim: ' groups ', operator: 'contains', value: ' admins', groupId: G1 }],
    });
    expect(parsed.success && parsed.data.rules[0]).toEqual(rule('groups', 'contains', 'admins'));
    const wrong = groupMappingSchema.safeParse({
      rules: [{ claim: 'groups', operator: 'matches', value: 'x', groupId: 'nope' }],
    });
    expect(wrong.success).toBe(false);
  });
});
