import { SALESFORCE_LOGIN_FAILURES } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { orgPinning, rebound } from './org-pinning.js';

const PINNED = '00D000000000001EAA';
const OTHER = '00D000000000002EAA';
const sandbox = { organizationType: 'Sandbox' as const, orgId: PINNED, earlierOrgIds: [] };
const production = { ...sandbox, organizationType: 'Production' as const };

describe('org pinning', () => {
  it('lets a first login pin the org, and a login to the pinned org through, whatever was confirmed', () => {
    for (const rebind of [false, true]) {
      expect(orgPinning({ ...production, orgId: null }, OTHER, rebind)).toEqual({ kind: 'pinned' });
      expect(orgPinning(production, PINNED, rebind)).toEqual({ kind: 'pinned' });
      expect(orgPinning(sandbox, PINNED, rebind)).toEqual({ kind: 'pinned' });
    }
  });

  it('moves a Sandbox to another org only when Rebind was confirmed', () => {
    expect(orgPinning(sandbox, OTHER, false)).toEqual({
      kind: 'refused',
      reason: SALESFORCE_LOGIN_FAILURES.otherSandboxOrg(PINNED),
      security: false,
    });
    expect(orgPinning(sandbox, OTHER, true)).toEqual({ kind: 'rebind' });
  });

  it('never moves a Production connection, and calls the attempt a security event', () => {
    for (const rebind of [false, true]) {
      expect(orgPinning(production, OTHER, rebind)).toEqual({
        kind: 'refused',
        reason: SALESFORCE_LOGIN_FAILURES.otherProductionOrg(PINNED, OTHER),
        security: true,
      });
    }
  });

  it('lists the earlier org ids with when each stopped, and forgets what the checks knew of the old org', () => {
    const at = new Date('2026-03-01T10:00:00.000Z');
    const earlier = { orgId: '00D000000000000EAA', until: '2025-12-01T00:00:00.000Z' };
    expect(rebound({ ...sandbox, earlierOrgIds: [earlier] }, OTHER, at)).toEqual({
      orgId: OTHER,
      earlierOrgIds: [earlier, { orgId: PINNED, until: '2026-03-01T10:00:00.000Z' }],
      observedOrgId: null,
      isSandbox: null,
      healthStatus: null,
      healthReason: null,
    });
  });
});
