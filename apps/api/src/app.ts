import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { logSerializers } from './lib/logging.js';
import { resealLegacySecrets } from './lib/reseal.js';
import { createSecretBox, loadSecretsKey } from './lib/secrets.js';
import { applicationRoutes } from './modules/applications/applications.routes.js';
import { createApplicationService } from './modules/applications/applications.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createLoginService } from './modules/auth/login.service.js';
import { createLoginCodes } from './modules/auth/login-codes.service.js';
import { connectionRoutes } from './modules/connections/connections.routes.js';
import { createConnectionService } from './modules/connections/connections.service.js';
import { createGroupUsersService } from './modules/groups/group-users.service.js';
import { groupRoutes } from './modules/groups/groups.routes.js';
import { createGroupService } from './modules/groups/groups.service.js';
import { iconRoutes } from './modules/icons/icons.routes.js';
import { identityProviderRoutes } from './modules/identity-providers/identity-providers.routes.js';
import { ipRangeRoutes } from './modules/ip-ranges/ip-ranges.routes.js';
import { createIpRangeService } from './modules/ip-ranges/ip-ranges.service.js';
import { licenseRoutes } from './modules/licenses/licenses.routes.js';
import { createLicensesService } from './modules/licenses/licenses.service.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { mfaRoutes } from './modules/mfa/mfa.routes.js';
import { createMfaService } from './modules/mfa/mfa.service.js';
import { oauthRoutes } from './modules/oauth/oauth.routes.js';
import { deleteExpiredStates } from './modules/oauth-states/oauth-states.repository.js';
import { createOneTimeTokens } from './modules/one-time-tokens/one-time-tokens.service.js';
import { createPasswordService } from './modules/passwords/passwords.service.js';
import { permissionRoutes } from './modules/permissions/permissions.routes.js';
import { createPermissionService } from './modules/permissions/permissions.service.js';
import { createRateLimiter } from './modules/rate-limits/rate-limits.service.js';
import { createRolePermissionService } from './modules/roles/role-permissions.service.js';
import { roleRoutes } from './modules/roles/roles.routes.js';
import { createRoleService } from './modules/roles/roles.service.js';
import { sessionRoutes } from './modules/sessions/sessions.routes.js';
import { createSessionService } from './modules/sessions/sessions.service.js';
import { createSingleSignOn } from './modules/sso/single-sign-on.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { storageRoutes } from './modules/storages/storages.routes.js';
import { createStorageService } from './modules/storages/storages.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { tenantRoutes } from './modules/tenants/tenants.routes.js';
import { createTenantService } from './modules/tenants/tenants.service.js';
import { userRoutes } from './modules/users/users.routes.js';
import { createUserService } from './modules/users/users.service.js';
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
  /** Overrides the mailer (defaults to SMTP_URL or the outbox). */
  mailer?: Mailer;
  /** Where log lines go (defaults to stdout); tests read them back. */
  logStream?: NodeJS.WritableStream;
}

const BRAND_NAMES = { skyvault: 'Skyvault', flosum: 'Flosum' } as const;

/** The services of the app, built once and handed to the routes that need them. */
export function createServices(config: Config, database: Database, log: FastifyBaseLogger, mailer: Mailer) {
  const secrets = createSecretBox(loadSecretsKey(config.secretsKey, config.dataDir));
  const limiter = createRateLimiter(database, config.limits);
  const tokens = createOneTimeTokens(database);
  const sessions = createSessionService(database, {
    ttlSeconds: config.session.ttlSeconds,
    idleSeconds: config.session.idleSeconds,
  });
  const mail = { mailer, brand: config.brand, publicUrl: config.publicUrl, log };
  const passwords = createPasswordService({ database, tokens, limiter, sessions, ...mail });
  const mfa = createMfaService({ database, secrets, limiter, passwords, issuer: BRAND_NAMES[config.brand] });
  return {
    secrets,
    limiter,
    sessions,
    mfa,
    licenses: createLicensesService({ database }),
    passwords,
    users: createUserService({ database, tokens, sessions, ...mail }),
    groups: createGroupService({ database }),
    groupUsers: createGroupUsersService({ database }),
    ipRanges: createIpRangeService({ database }),
    connections: createConnectionService({ database, secrets, config, log }),
    storages: createStorageService({ database, secrets }),
    applications: createApplicationService({ database, secrets }),
    roles: createRoleService(database),
    rolePermissions: createRolePermissionService(database),
    permissions: createPermissionService(database),
    tenants: createTenantService({ database, tokens, limiter, ...mail }),
    login: createLoginService({ database, limiter, sessions, mfa }),
    loginCodes: createLoginCodes({ database, secrets, limiter, ...mail }),
    ...createSingleSignOn({ config, database, secrets, limiter, sessions, mfa, log }),
  };
}
export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    database: Database;
  }
}

/** Expired sessions and finished rate-limit windows are swept this often. */
const HOUSEKEEPING_MS = 60 * 60 * 1000;

/** The whole server as a value: main.ts listens on it, tests call app.inject or listen on port 0. */
export async function buildApp(config: Config, options: AppOptions): Promise<FastifyInstance> {
  const { database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            redact: ['req.headers', 'res.headers'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
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

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      dataDir: config.dataDir,
      log: app.log,
    });
  const services = createServices(config, database, app.log, mailer);
  app.decorate('services', services);
  app.decorate('database', database);
  // Values sealed before they were bound to their row are rewritten once (lib/reseal.ts).
  await resealLegacySecrets(database, services.secrets, app.log);

  const housekeeping = setInterval(() => {
    Promise.all([
      services.sessions.purgeExpired(),
      services.limiter.purgeExpired(),
      database.system((tx) => deleteExpiredStates(tx)),
      services.tenants.expireUnverified().then((names) => {
        if (names.length > 0) app.log.info({ tenants: names }, 'unverified sign-ups expired');
      }),
    ]).catch((error) => app.log.warn({ err: error }, 'housekeeping failed'));
  }, HOUSEKEEPING_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    mailer.close();
    await database.close();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(docsPlugin, { config });
  await app.register(sessionPlugin, { config, sessions: services.sessions });

  await app.register(systemRoutes, { config, database, tenants: services.tenants });
  await app.register(sessionRoutes, { database });
  await app.register(authRoutes, { config, ...services });
  await app.register(tenantRoutes, { tenants: services.tenants });
  await app.register(mfaRoutes, { mfa: services.mfa, users: services.users });
  await app.register(connectionRoutes, { connections: services.connections });
  await app.register(licenseRoutes, { licenses: services.licenses });
  await app.register(storageRoutes, { storages: services.storages });
  await app.register(userRoutes, { users: services.users });
  await app.register(groupRoutes, { groups: services.groups, groupUsers: services.groupUsers });
  await app.register(roleRoutes, { roles: services.roles, rolePermissions: services.rolePermissions });
  await app.register(permissionRoutes, { permissions: services.permissions });
  await app.register(applicationRoutes, { applications: services.applications });
  await app.register(ipRangeRoutes, { ipRanges: services.ipRanges });
  await app.register(identityProviderRoutes, { identityProviders: services.identityProviders });
  await app.register(iconRoutes, { icons: services.icons });
  await app.register(ssoRoutes, { config, sso: services.sso });

  await app.register(oauthRoutes, { config, prefix: '/oauth' });
  await app.register(consolePlugin);
  return app;
}
