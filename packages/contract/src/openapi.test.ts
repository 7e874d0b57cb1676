import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.js';

/** Every exported schema must document itself (the API's OpenAPI is generated from these). */
const schemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

describe('JSON Schema', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(80);
  });

  it.each(schemas)('%s converts as a request', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  it.each(schemas.filter(([name]) => !/Query|Form|Create|Patch|Rule|Update|Params/.test(name)))(
    '%s converts as a response',
    (_, schema) => {
      expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
    },
  );
});
