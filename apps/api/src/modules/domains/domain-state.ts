import { DOMAIN_MESSAGES, domainTxtName } from '@skyvault/contract';
import type { DomainChange, VerifiedDomainRow } from './domains.repository.js';
import type { TxtLookup } from './txt-lookup.js';

const HOUR = 3_600_000;
/** Verified domains are looked at again a day after each look-up. */
export const RECHECK_MS = 24 * HOUR;
/** A look-up that learnt nothing (time-out, server failure) is tried again sooner, and starts no clock. */
export const RETRY_MS = HOUR;

/**
 * What a look-up says about the record: there with the value (`present`), not there (`absent`: no such
 * name, no TXT, other values), or nothing known (`unknown`: the DNS servers did not answer). Only an
 * answer may start a verified domain's grace period; a DNS outage must not.
 */
export interface Reading {
  finding: 'present' | 'absent' | 'unknown';
  lastFound: string[];
  lastError: string | null;
}

export function readLookup(domain: string, txtValue: string, lookup: TxtLookup): Reading {
  const name = domainTxtName(domain);
  const words = DOMAIN_MESSAGES.lookup;
  switch (lookup.kind) {
    case 'found':
      return lookup.values.some((value) => value.trim() === txtValue)
        ? { finding: 'present', lastFound: lookup.values, lastError: null }
        : { finding: 'absent', lastFound: lookup.values, lastError: words.otherValues };
    case 'not-found':
      return { finding: 'absent', lastFound: [], lastError: words.notFound(name) };
    case 'no-txt':
      return { finding: 'absent', lastFound: [], lastError: words.noTxt(name) };
    case 'timeout':
      return { finding: 'unknown', lastFound: [], lastError: words.timeout };
    case 'failed':
      return { finding: 'unknown', lastFound: [], lastError: words.failed(lookup.code) };
  }
}

/**
 * What happened to the domain: it became verified, its record went missing, came back, or stayed
 * missing through the grace period. Each is audited; missing and lapsed are also e-mailed.
 */
export type DomainEvent = 'verified' | 'missing' | 'restored' | 'lapsed';

/**
 * The next state of a domain after a look-up at `at`. Pending and lapsed domains become verified when
 * the value is there (the caller first makes sure no other tenant holds the domain); a verified one
 * starts its grace period when an answer says the record is gone, lapses once the period is over,
 * and is whole again when the record is back.
 */
export function nextState(
  row: VerifiedDomainRow,
  reading: Reading,
  at: Date,
  graceMs: number,
): { change: DomainChange; event: DomainEvent | null } {
  const seen = { checkedAt: at, lastFound: reading.lastFound, lastError: reading.lastError };
  const later = (ms: number) => new Date(at.getTime() + ms);
  if (row.status !== 'Verified') {
    if (reading.finding !== 'present') return { change: seen, event: null };
    return {
      change: {
        ...seen,
        status: 'Verified',
        verifiedAt: at,
        missingSince: null,
        nextCheckAt: later(RECHECK_MS),
        checkLeaseUntil: null,
      },
      event: 'verified',
    };
  }
  const scheduled = { ...seen, checkLeaseUntil: null };
  if (reading.finding === 'unknown')
    return { change: { ...scheduled, nextCheckAt: later(RETRY_MS) }, event: null };
  if (reading.finding === 'present') {
    return {
      change: { ...scheduled, nextCheckAt: later(RECHECK_MS), missingSince: null },
      event: row.missingSince ? 'restored' : null,
    };
  }
  if (!row.missingSince) {
    return { change: { ...scheduled, nextCheckAt: later(RECHECK_MS), missingSince: at }, event: 'missing' };
  }
  if (at.getTime() >= row.missingSince.getTime() + graceMs) {
    return { change: { ...scheduled, status: 'Lapsed', nextCheckAt: null }, event: 'lapsed' };
  }
  // Looked at again when the grace period ends at the latest, so that it lapses on time.
  const end = row.missingSince.getTime() + graceMs;
  return {
    change: { ...scheduled, nextCheckAt: new Date(Math.min(end, at.getTime() + RECHECK_MS)) },
    event: null,
  };
}
