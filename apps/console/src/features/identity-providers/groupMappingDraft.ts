import { type GroupMapping, type GroupRuleOperator, groupMappingSchema } from '@skyvault/contract';

/** A rule as the editor holds it: `key` keeps a row's identity (and focus) while rules move. */
export interface DraftRule {
  key: number;
  claim: string;
  operator: GroupRuleOperator;
  value: string;
  groupId: string | null;
}

let nextKey = 1;
const keyed = (rule: Omit<DraftRule, 'key'>): DraftRule => ({ key: nextKey++, ...rule });

export const draftOf = (mapping: GroupMapping): DraftRule[] => mapping.rules.map(keyed);

/** A new rule: the common case, membership of one of the provider's groups. */
export const emptyRule = (): DraftRule =>
  keyed({ claim: 'groups', operator: 'contains', value: '', groupId: null });

/** The list with the rule at `index` moved one place up (-1) or down (+1). */
export function moved<T>(rules: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= rules.length) return [...rules];
  const next = [...rules];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The PUT body, checked by the contract's schema: the body, or each field's message by its path. */
export function checkedBody(
  rules: readonly DraftRule[],
): { body: GroupMapping } | { errors: Record<string, string> } {
  const parsed = groupMappingSchema.safeParse({
    rules: rules.map(({ key: _key, ...rule }) => ({ ...rule, groupId: rule.groupId ?? '' })),
  });
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return { errors };
}

/** Whether the draft says something other than the saved rules. */
export const differs = (rules: readonly DraftRule[], saved: GroupMapping) =>
  JSON.stringify(rules.map(({ key: _key, ...rule }) => rule)) !==
  JSON.stringify(saved.rules.map((rule) => ({ ...rule })));
