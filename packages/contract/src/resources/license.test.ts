import { describe, expect, it } from 'vitest';
import { LICENSE_LIMIT_NAMES, PRODUCT_LIMIT_NAMES, TRIAL_LICENSES } from './license.js';

describe('PRODUCT_LIMIT_NAMES', () => {
  it("holds every limit name, each under one product, and every trial's limits", () => {
    const listed = [...PRODUCT_LIMIT_NAMES.Dbr, ...PRODUCT_LIMIT_NAMES.Devops];
    expect(listed.sort()).toEqual(Object.values(LICENSE_LIMIT_NAMES).sort());
    for (const product of ['Dbr', 'Devops'] as const) {
      for (const limit of TRIAL_LICENSES[product].limits) {
        expect(PRODUCT_LIMIT_NAMES[product]).toContain(limit.name);
      }
    }
  });
});
