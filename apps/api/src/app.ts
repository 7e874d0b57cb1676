import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { warnIfDegraded } from './db/features.js';
import { startHousekeeping } from './housekeeping.js';
import { logSerializers } from './lib/logging.js';
import { apiTokenRoutes, createApiTokenService } from './modules/api-tokens/index.js';
import { applicationRoutes, createApplicationService } from './modules/applications/index.js';
import {
  approvalActions,
  approvalRoutes,
  createApprovalGate,
  createApprovalService,
} from './modules/approvals/index.js';
import { auditRoutes, createAuditService } from './modules/audit/index.js';
import { authRoutes, createLoginCodes, createLoginService } from './modules/auth/index.js';
import { authPolicyRoutes, createAuthPolicyService } from './modules/auth-policy/index.js';
import {
  connectionHealthRoutes,
  connectionRoutes,
  createConnectionHealthService,
  createConnectionService,
} from './modules/connections/index.js';
import {
  assertKeepsBreakGlass,
  createDomainService,
  createDomainSignInService,
  domainRoutes,
  domainSignInRoutes,
} from './modules/domains/index.js';
import { createGroupMappingService, groupMappingRoutes } from './modules/group-mapping/index.js';
import {
  createGroupProvisioningService,
  createGroupService,
  createGroupUsersService,
  groupForAssignment,
  groupRoutes,
} from './modules/groups/index.js';
import { iconRoutes } from './modules/icons/index.js';
import {
  createExpiryWarnings,
  expiryWarningRoutes,
  identityProviderRoutes,
} from './modules/identity-providers/index.js';
import { createIpRangeService, ipRangeRoutes } from './modules/ip-ranges/index.js';
import { createLicensesService, licenseRoutes } from './modules/licenses/index.js';
import {
  createLogStreamDelivery,
  createLogStreamService,
  logStreamRoutes,
  suspendedStreamNotice,
} from './modules/log-streams/index.js';
import {
  createMfaMailer,
  createMfaService,
  createUserMfaService,
  firstFactorEnrolled,
  hasEnabledDevice,
  mfaRoutes,
  passkeyMailOf,
  userMfaRoutes,
} from './modules/mfa/index.js';
import { oauthRoutes } from './modules/oauth/index.js';
import { createPasskeyLogin, createPasskeyService, passkeyRoutes } from './modules/passkeys/index.js';
import { createPasswordService } from './modules/passwords/index.js';
import { createPermissionService, permissionRoutes } from './modules/permissions/index.js';
import { createRolePermissionService, createRoleService, roleRoutes } from './modules/roles/index.js';
import { scimRoutes } from './modules/scim/index.js';
import { createSecurityOverviewService, securityOverviewRoutes } from './modules/security-overview/index.js';
import {
  createSessionControl,
  createSessionService,
  sessionCookieName,
  sessionRoutes,
} from './modules/sessions/index.js';
import { createSetupGuideService, setupGuideRoutes } from './modules/setup-guide/index.js';
import { createSignInAlerts, endSessionRoutes } from './modules/sign-in-alerts/index.js';
import { createSingleSignOn, samlRoutes, ssoRoutes } from './modules/sso/index.js';
import {
  createStorageHealth,
  createStorageProbe,
  createStorageService,
  createStorageWriter,
  storageRoutes,
} from './modules/storages/index.js';
import { createSupportAccess, supportAccessRoutes } from './modules/support-access/index.js';
import { systemRoutes } from './modules/system/index.js';
import { createTenantService, tenantRoutes } from './modules/tenants/index.js';
import {
  adminRoleRoutes,
  createAdminRoleService,
  createTemporaryAccessExpiry,
  createUserService,
  findUser,
  userRoutes,
} from './modules/users/index.js';
import { createWebhookService, disabledEndpointNotice, webhookRoutes } from './modules/webhooks/index.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { createOneTimeTokens } from './platform/one-time-tokens/one-time-tokens.service.js';
import { createOutbox } from './platform/outbox/index.js';
import { createRateLimiter } from './platform/rate-limits/rate-limits.service.js';
import { openSecretBox } from './platform/secrets/secrets.js';
import { createWebhookDispatcher, type WebhookSchedule } from './platform/webhook-outbox/index.js';
import { consolePlugin } from './plugins/console.js';
import { docsPlugin } from './plugins/docs.js';
import { answerRouterError, errorsPlugin } from './plugins/errors.js';
import { healthPlugin } from './plugins/health.js';
import { loadSheddingPlugin } from './plugins/load-shedding.js';
import { countMail, createMetrics, metricsPlugin } from './plugins/metrics.js';
import { requestIdGenerator, requestIdPlugin } from './plugins/request-id.js';
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
  /** Overrides the webhook retry schedule (tests use milliseconds). */
  webhookSchedule?: Partial<WebhookSchedule>;
  /**
   * The clock of the Salesforce connections' token lifetimes, idle limits and check schedule, and of API
   * tokens' expiry and MFA grace periods, and of a rotated webhook secret's 24 hours (tests pass the
   * Salesforce stand-in's, to move days ahead); Date.now by default.
   */
  clock?: () => number;
}

/** The longest path segment the router reads (an id is 36 characters; a mailed code under 100). */
const MAX_PATH_SEGMENT = 2048;

const BRAND_NAMES = { skyvault: 'Skyvault', flosum: 'Flosum' } as const;

/** The services of the app, built once and handed to the routes that need them. */
export function createServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  mailer: Mailer,
  webhookSchedule: Partial<WebhookSchedule> = {},
  clock: () => number = Date.now,
) {
  const secrets = openSecretBox(config);
  const limiter = createRateLimiter(database, config.limits);
  const tokens = createOneTimeTokens(database);
  const outbox = createOutbox({ database, secrets, mailer, log, schedule: { pollMs: config.mail.pollMs } });
  const mfaMail = { outbox, brand: config.brand, publicUrl: config.publicUrl };
  const passkeys = createPasskeyService({
    config,
    database,
    firstFactorEnrolled,
    hasEnabledDevice,
    mail: passkeyMailOf(createMfaMailer(mfaMail)),
  });
  const sessions = createSessionService(
    database,
    {
      ttlSeconds: config.session.ttlSeconds,
      idleSeconds: config.session.idleSeconds,
      cacheMs: config.session.cacheMs,
    },
    { passkeysAvailable: () => passkeys.support().available },
  );
  const mail = { outbox, brand: config.brand, publicUrl: config.publicUrl, log };
  const { refuseBreachedPasswords } = config;
  const passwords = createPasswordService({
    database,
    tokens,
    limiter,
    sessions,
    refuseBreachedPasswords,
    ...mail,
  });
  const webhookDispatcher = createWebhookDispatcher({
    database,
    secrets,
    log,
    allowPrivateNetworks: config.outbound.allowPrivateNetworks,
    schedule: {
      pollMs: config.webhooks.pollMs,
      sendTimeoutMs: config.webhooks.timeoutMs,
      ...webhookSchedule,
    },
    onDisabled: disabledEndpointNotice(mfaMail),
    now: clock,
  });
  const connectionHealth = createConnectionHealthService({
    database,
    secrets,
    outbox,
    config,
    log,
    now: clock,
  });
  const storageProbe = createStorageProbe({
    timeoutMs: config.storages.timeoutMs,
    allowPrivateNetworks: config.outbound.allowPrivateNetworks,
    azureBlobEndpoint: config.storages.azureBlobEndpoint,
  });
  const storageWriter = createStorageWriter({
    database,
    secrets,
    options: {
      timeoutMs: config.storages.timeoutMs,
      allowPrivateNetworks: config.outbound.allowPrivateNetworks,
      azureBlobEndpoint: config.storages.azureBlobEndpoint,
    },
  });
  const logStreamDelivery = createLogStreamDelivery({
    database,
    secrets,
    storage: storageWriter,
    log,
    allowPrivateNetworks: config.outbound.allowPrivateNetworks,
    schedule: { pollMs: config.logStreams.pollMs },
    onSuspended: suspendedStreamNotice(mfaMail),
    now: clock,
  });
  const storageHealth = createStorageHealth({
    database,
    secrets,
    probe: storageProbe,
    outbox,
    brand: config.brand,
    publicUrl: config.publicUrl,
    pollMs: config.storages.checkPollMs,
    log,
    now: clock,
  });
  const mfa = createMfaService({
    database,
    secrets,
    limiter,
    passwords,
    passkeys,
    issuer: BRAND_NAMES[config.brand],
    mail: mfaMail,
  });
  const userMfa = createUserMfaService({ database, passkeys, mail: mfaMail });
  const domainSignIn = createDomainSignInService({
    database,
    limiter,
    ...mfaMail,
    hasSecondFactor: async (tx, tenantId, userId) =>
      (await hasEnabledDevice(tx, tenantId, userId)) ||
      (await passkeys.countForUser(tx, tenantId, userId)) > 0,
  });
  const alerts = createSignInAlerts({
    database,
    tokens,
    outbox,
    brand: config.brand,
    publicUrl: config.publicUrl,
  });
  const built = {
    secrets,
    outbox,
    tokens,
    webhookDispatcher,
    webhooks: createWebhookService({
      database,
      secrets,
      outbound: config.outbound,
      nudge: webhookDispatcher.nudge,
      sender: webhookDispatcher,
      now: clock,
    }),
    logStreamDelivery,
    logStreams: createLogStreamService({
      database,
      secrets,
      storage: storageWriter,
      outbound: config.outbound,
      nudge: logStreamDelivery.nudge,
      now: clock,
    }),
    limiter,
    sessions,
    apiTokens: createApiTokenService({ database, proveFactor: mfa.proveFactor, now: clock }),
    sessionControl: createSessionControl(database, sessions, findUser, userMfa.passkeyRemover),
    mfa,
    passkeys,
    passkeyLogin: createPasskeyLogin({ config, database, limiter, sessions, alerts }),
    userMfa,
    authPolicy: createAuthPolicyService({ database }),
    licenses: createLicensesService({ database }),
    passwords,
    users: createUserService({
      database,
      tokens,
      limiter,
      sessions,
      groupForAssignment,
      passkeyRemover: userMfa.passkeyRemover,
      keepsBreakGlass: assertKeepsBreakGlass,
      ...mail,
    }),
    adminRoles: createAdminRoleService({ database, keepsBreakGlass: assertKeepsBreakGlass }),
    temporaryAccessExpiry: createTemporaryAccessExpiry({
      database,
      pollMs: config.temporaryAccess.pollMs,
      log,
    }),
    groups: createGroupService({ database }),
    groupMapping: createGroupMappingService({ database }),
    expiryWarnings: createExpiryWarnings({
      database,
      outbox,
      brand: config.brand,
      publicUrl: config.publicUrl,
      now: clock,
    }),
    groupUsers: createGroupUsersService({ database }),
    groupProvisioning: createGroupProvisioningService({ database }),
    ipRanges: createIpRangeService({ database }),
    domains: createDomainService({
      database,
      outbox,
      brand: config.brand,
      publicUrl: config.publicUrl,
      config: config.domains,
      log,
      now: clock,
    }),
    connectionHealth,
    connections: createConnectionService({
      database,
      secrets,
      config,
      log,
      now: clock,
      health: connectionHealth,
    }),
    storageHealth,
    storages: createStorageService({
      database,
      secrets,
      probe: storageProbe,
      check: storageHealth.check,
      customEndpoints: config.storages.customEndpoints,
      nudgeMail: outbox.nudge,
    }),
    setupGuide: createSetupGuideService({ database }),
    applications: createApplicationService({ database, secrets }),
    roles: createRoleService(database),
    rolePermissions: createRolePermissionService(database),
    permissions: createPermissionService(database),
    audit: createAuditService({ database }),
    securityOverview: createSecurityOverviewService({ database }),
    tenants: createTenantService({
      database,
      tokens,
      limiter,
      refuseBreachedPasswords,
      signUpMode: config.signUpMode,
      ...mail,
    }),
    domainSignIn,
    login: createLoginService({ database, limiter, sessions, mfa, passkeys, domainSignIn, alerts }),
    supportAccess: createSupportAccess({
      database,
      outbox,
      brand: config.brand,
      publicUrl: config.publicUrl,
    }),
    loginCodes: createLoginCodes({ database, secrets, limiter, ...mail }),
    ...createSingleSignOn({ config, database, secrets, limiter, sessions, mfa, passkeys, alerts, log }),
  };
  // Built last: it carries approved changes out through the services above (approval-actions.ts).
  const approvals = createApprovalService({
    database,
    outbox,
    brand: config.brand,
    publicUrl: config.publicUrl,
    log,
    actions: approvalActions(built),
  });
  return { ...built, approvals };
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
        : {
            level: config.logLevel,
            serializers: logSerializers,
            redact: ['req.headers', 'res.headers'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: requestIdGenerator(config.trustProxy),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Path segments up to this length reach the route's schema, which names the field it refuses.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT },
    frameworkErrors: answerRouterError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = createMetrics(config, database);
  const mailer = countMail(
    options.mailer ??
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        dataDir: config.dataDir,
        log: app.log,
        production: config.env === 'production',
      }),
    metrics,
  );
  const services = createServices(config, database, app.log, mailer, options.webhookSchedule, options.clock);
  app.decorate('services', services);
  app.decorate('database', database);
  // Nothing stored is rewritten here: a server starts beside the previous release's, which must go on
  // reading every value (re-sealing is `migrate`'s, platform/secrets/secrets-step.ts).
  await warnIfDegraded(database, app.log);

  const stopHousekeeping = startHousekeeping({ services, database, log: app.log });
  const stopOutbox = services.outbox.start();
  const stopWebhooks = services.webhookDispatcher.start();
  const stopConnectionChecks = services.connectionHealth.start();
  const stopDomainChecks = services.domains.start();
  const stopStorageChecks = services.storageHealth.start();
  const stopTemporaryAccessExpiry = services.temporaryAccessExpiry.start();
  const stopLogStreams = services.logStreamDelivery.start();
  // Runs once the server has stopped and its requests have finished: background work next, the pool last.
  app.addHook('onClose', async () => {
    await stopHousekeeping();
    // Checks first: a check under way may still queue mail and webhooks.
    await stopConnectionChecks();
    await stopDomainChecks();
    await stopStorageChecks();
    await stopTemporaryAccessExpiry();
    await stopLogStreams();
    await stopOutbox();
    await stopWebhooks();
    mailer.close();
    await database.close();
  });

  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(loadSheddingPlugin, { config });
  await app.register(metricsPlugin, { config, metrics });
  await app.register(healthPlugin, { database });
  await app.register(securityPlugin, { config });
  await app.register(docsPlugin, { config });
  await app.register(sessionPlugin, {
    config,
    sessions: services.sessions,
    apiTokens: services.apiTokens,
    supportAccess: services.supportAccess,
  });

  // Before every route: a change the tenant's approval policy covers becomes a request instead.
  app.addHook('preHandler', createApprovalGate(services.approvals));
  await app.register(systemRoutes, { config, tenants: services.tenants, connections: services.connections });
  await app.register(sessionRoutes, {
    sessions: services.sessions,
    control: services.sessionControl,
    supportAccess: services.supportAccess,
  });
  await app.register(authRoutes, { config, ...services });
  await app.register(endSessionRoutes, { database, tokens: services.tokens });
  await app.register(tenantRoutes, { tenants: services.tenants });
  await app.register(mfaRoutes, { mfa: services.mfa, users: services.users });
  await app.register(userMfaRoutes, { userMfa: services.userMfa });
  await app.register(passkeyRoutes, { config, ...services });
  await app.register(authPolicyRoutes, { authPolicy: services.authPolicy });
  await app.register(domainSignInRoutes, { domainSignIn: services.domainSignIn });
  await app.register(connectionRoutes, { connections: services.connections });
  await app.register(connectionHealthRoutes, { connectionHealth: services.connectionHealth });
  await app.register(licenseRoutes, { licenses: services.licenses });
  await app.register(storageRoutes, { storages: services.storages });
  await app.register(setupGuideRoutes, { setupGuide: services.setupGuide });
  await app.register(userRoutes, { users: services.users });
  await app.register(adminRoleRoutes, { adminRoles: services.adminRoles });
  await app.register(groupRoutes, { groups: services.groups, groupUsers: services.groupUsers });
  await app.register(roleRoutes, { roles: services.roles, rolePermissions: services.rolePermissions });
  await app.register(permissionRoutes, { permissions: services.permissions });
  await app.register(applicationRoutes, { applications: services.applications });
  await app.register(ipRangeRoutes, { ipRanges: services.ipRanges });
  await app.register(domainRoutes, { domains: services.domains });
  await app.register(identityProviderRoutes, { identityProviders: services.identityProviders });
  await app.register(groupMappingRoutes, { groupMapping: services.groupMapping });
  await app.register(expiryWarningRoutes, { expiryWarnings: services.expiryWarnings });
  await app.register(iconRoutes, { icons: services.icons });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(securityOverviewRoutes, { securityOverview: services.securityOverview });
  await app.register(apiTokenRoutes, { apiTokens: services.apiTokens });
  await app.register(webhookRoutes, { webhooks: services.webhooks });
  await app.register(logStreamRoutes, { logStreams: services.logStreams });
  await app.register(supportAccessRoutes, { config, supportAccess: services.supportAccess });
  await app.register(approvalRoutes, { approvals: services.approvals });
  await app.register(ssoRoutes, { config, sso: services.sso, secrets: services.secrets });
  await app.register(samlRoutes, { config, sso: services.sso, secrets: services.secrets });

  await app.register(oauthRoutes, { config, prefix: '/oauth' });
  await app.register(scimRoutes, { ...services, publicUrl: config.publicUrl, prefix: '/scim/v2' });
  await app.register(consolePlugin, { sessionCookie: sessionCookieName(config) });
  return app;
}
