import { storageEndpoints, storageHealthEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { StorageService } from './storages.service.js';

/** Storages: administrators of tenants with Backup and Archive (the endpoints declare both). */
export async function storageRoutes(app: FastifyInstance, { storages }: { storages: StorageService }) {
  route(app, storageEndpoints.list, ({ actor, query }) => storages.list(actor, query));
  route(app, storageHealthEndpoints.settings, () => storages.settings());
  route(app, storageHealthEndpoints.unhealthy, ({ actor }) => storages.unhealthy(actor));
  route(app, storageEndpoints.test, ({ actor, body }) =>
    storages.test(actor, body as Parameters<StorageService['test']>[1]),
  );
  route(app, storageEndpoints.get, ({ actor, params }) => storages.get(actor, params.id));
  route(app, storageEndpoints.create, ({ actor, body, request }) =>
    storages.create(actor, requestMeta(request), body),
  );
  route(app, storageEndpoints.update, ({ actor, params, body, request }) =>
    storages.update(actor, requestMeta(request), params.id, body),
  );
  route(app, storageEndpoints.check, ({ actor, params }) => storages.checkNow(actor, params.id));
  route(app, storageHealthEndpoints.checks, ({ actor, params }) => storages.checks(actor, params.id));
  route(app, storageEndpoints.remove, ({ actor, params, request }) =>
    storages.remove(actor, requestMeta(request), params.id),
  );
}
