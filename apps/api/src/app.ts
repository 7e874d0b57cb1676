import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { logSerializers } from './lib/logging.js';
import { sessionRoutes } from './modules/sessions/sessions.routes.js';
import { createSessionService } from './modules/sessions/sessions.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createTenantService } from './modules/tenants/tenants.service.js';
import { consolePlugin } from './plugins/console.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';

export interface AppOptions {
  /** An open, migrated database; buildApp closes it when the app closes. */
  database: Database;
  /** Overrides the logger (tests pass false). */
  logger?: boolean;
}

/** The services of the app, built once and handed to the routes that need them. */
export function createServices(config: Config, database: Database) {
  return {
    sessions: createSessionService(database, {
      ttlSeconds: config.session.ttlSeconds,
      idleSeconds: config.session.idleSeconds,
    }),
    tenants: createTenantService(database),
  };
}
export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    database: Database;
  }
}

/** The whole server as a value: main.ts listens on it, tests call app.inject or listen on port 0. */
export async function buildApp(config: Config, options: AppOptions): Promise<FastifyInstance> {
  const { database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: logSerializers, redact: ['req.headers', 'res.headers'] },
    genReqId: () => randomUUID(),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices(config, database);
  app.decorate('services', services);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    await database.close();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(docsPlugin, { config });
  await app.register(sessionPlugin, { config, sessions: services.sessions });

  await app.register(systemRoutes, { config, database, tenants: services.tenants });
  await app.register(sessionRoutes, { database });

  await app.register(consolePlugin);
  return app;
}
