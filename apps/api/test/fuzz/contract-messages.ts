import * as contract from '@skyvault/contract';

/**
 * Every text the contract exports (messages, refusals, error texts, page texts), and the texts its
 * functions make (a refusal naming a product, a number of days), for the check that a refusal says
 * something the product defines rather than what a library or the database said.
 */
const texts = new Set<string>();
const templates: RegExp[] = [];

/** A function's text with each argument as a wildcard: `(days, product) => \`The ${days}-day …\`` → /^The .+-day …$/. */
function templateOf(make: (...args: string[]) => unknown) {
  const marks = Array.from({ length: Math.max(make.length, 1) }, (_, i) => `⟦${i}⟧`);
  try {
    const text = make(...marks);
    if (typeof text !== 'string' || !text.includes('⟦')) return;
    const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    templates.push(new RegExp(`^${escaped.replace(/⟦\d+⟧/g, '.+')}$`, 's'));
  } catch {
    // Not a text template (a schema builder, a parser): nothing to learn from it.
  }
}

function collect(value: unknown, seen = new Set<unknown>()) {
  if (typeof value === 'string') texts.add(value);
  else if (typeof value === 'function') templateOf(value as (...args: string[]) => unknown);
  else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    // Schemas keep their messages inside; the texts the API answers with are exported as plain values.
    if ('_zod' in value) return;
    for (const item of Object.values(value)) collect(item, seen);
  }
}
collect(contract);

export const isContractText = (text: string) => texts.has(text) || templates.some((t) => t.test(text));
