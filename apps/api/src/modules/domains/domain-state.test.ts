import { DOMAIN_MESSAGES } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { nextState, RECHECK_MS, RETRY_MS, readLookup } from './domain-state.js';
import type { VerifiedDomainRow } from './domains.repository.js';

const DAY = 24 * 3_600_000;
const GRACE = 7 * DAY;
const VALUE = 'skyvault-verification=abc';
const at = new Date('2026-11-28T12:00:00.000Z');
const daysAfter = (days: number) => new Date(at.getTime() + days * DAY);

const row = (change: Partial<VerifiedDomainRow> = {}) =>
  ({
    domain: 'acme.com',
    txtValue: VALUE,
    status: 'Verified',
    missingSince: null,
    ...change,
  }) as VerifiedDomainRow;
const present = readLookup('acme.com', VALUE, { kind: 'found', values: ['v=spf1 -all', VALUE] });
const absent = readLookup('acme.com', VALUE, { kind: 'not-found', values: [] });
const unknown = readLookup('acme.com', VALUE, { kind: 'timeout', values: [] });

describe('reading a TXT look-up', () => {
  it('finds the value among the records, and says what else was there when it is not', () => {
    expect(present).toEqual({ finding: 'present', lastFound: ['v=spf1 -all', VALUE], lastError: null });
    expect(readLookup('acme.com', VALUE, { kind: 'found', values: ['other'] })).toEqual({
      finding: 'absent',
      lastFound: ['other'],
      lastError: DOMAIN_MESSAGES.lookup.otherValues,
    });
    expect(readLookup('acme.com', VALUE, { kind: 'no-txt', values: [] }).finding).toBe('absent');
    expect(readLookup('acme.com', VALUE, { kind: 'failed', code: 'ESERVFAIL', values: [] }).finding).toBe(
      'unknown',
    );
  });
});

describe("a domain's next state", () => {
  it('verifies a pending or lapsed domain when the value is there, and keeps it pending otherwise', () => {
    for (const status of ['Pending', 'Lapsed'] as const) {
      const { change, event } = nextState(row({ status }), present, at, GRACE);
      expect(event).toBe('verified');
      expect(change).toMatchObject({
        status: 'Verified',
        verifiedAt: at,
        nextCheckAt: new Date(at.getTime() + RECHECK_MS),
      });
    }
    const stays = nextState(row({ status: 'Pending' }), absent, at, GRACE);
    expect(stays.event).toBeNull();
    expect(stays.change.status).toBeUndefined();
  });

  it('marks a verified domain missing once, lapses it when the grace period is over, and not before', () => {
    const first = nextState(row(), absent, at, GRACE);
    expect(first).toMatchObject({ event: 'missing', change: { missingSince: at } });

    const missing = row({ missingSince: at });
    const during = nextState(missing, absent, daysAfter(6.5), GRACE);
    expect(during.event).toBeNull();
    // Looked at again when the grace period ends, not a day later.
    expect(during.change.nextCheckAt).toEqual(daysAfter(7));

    expect(nextState(missing, absent, daysAfter(7), GRACE)).toMatchObject({
      event: 'lapsed',
      change: { status: 'Lapsed', nextCheckAt: null },
    });
  });

  it('clears the mark when the record is back', () => {
    expect(nextState(row({ missingSince: at }), present, daysAfter(2), GRACE)).toMatchObject({
      event: 'restored',
      change: { missingSince: null },
    });
    expect(nextState(row(), present, at, GRACE).event).toBeNull();
  });

  it('changes nothing but the time of the next look-up when the DNS servers did not answer', () => {
    const { change, event } = nextState(row({ missingSince: at }), unknown, daysAfter(8), GRACE);
    expect(event).toBeNull();
    expect(change.status).toBeUndefined();
    expect(change.missingSince).toBeUndefined();
    expect(change.nextCheckAt).toEqual(new Date(daysAfter(8).getTime() + RETRY_MS));
  });
});
