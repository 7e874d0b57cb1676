import type { Executor } from '../../db/client.js';
import * as repo from './saml.repository.js';

/** A SAML provider's settings row (what the sign-in reads). */
export type SamlSettingsRow = repo.SamlSettingsRow;

/**
 * What the SAML sign-in keeps between requests, for any process: assertion ids already accepted (until
 * they expire) and the results of test sign-ins (a few minutes).
 */
export const markAssertionSeen = (
  tenantId: string,
  db: Executor,
  values: { providerId: string; assertionId: string; expiresAt: Date },
) => repo.markAssertionSeen(tenantId, db, values);

export const insertTestResult = (
  tenantId: string,
  db: Executor,
  values: { providerId: string; userId: string | null; result: Record<string, unknown>; expiresAt: Date },
) => repo.insertTestResult(tenantId, db, values);

export const findTestResult = (tenantId: string, db: Executor, providerId: string, id: string) =>
  repo.findTestResult(tenantId, db, providerId, id);
