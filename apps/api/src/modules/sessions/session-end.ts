import type { Executor } from '../../db/client.js';
import * as repo from './sessions.repository.js';

/**
 * Ends one of a user's sessions in the caller's transaction (the unusual sign-in's mailed link); false
 * when it had already ended. Every process forgets it at the commit (the database's signal, migration 0015).
 */
export const endUserSession = (tenantId: string, tx: Executor, userId: string, sessionId: string) =>
  repo.deleteUserSession(tenantId, tx, userId, sessionId);
