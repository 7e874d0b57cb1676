import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './users.repository.js';

export function createUserService(database: Database) {
  return {
    async get(tenantId: string, userId: string) {
      const user = await database.tenant(tenantId, (tx) => repo.findUser(tenantId, tx, userId));
      if (!user) throw notFound('User not found.');
      return user;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
