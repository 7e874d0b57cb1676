import type { Executor } from '../../db/client.js';
import * as repo from './sessions.repository.js';

/**
 * The user enabled a second factor: their sessions restricted to enrolment become full ones, in the
 * caller's transaction. (Each process forgets its resolved sessions after a change, and others within
 * a second: see session-cache.ts.)
 */
export const liftEnrolmentRestriction = (tx: Executor, tenantId: string, userId: string) =>
  repo.liftEnrolmentRestriction(tenantId, tx, userId);
