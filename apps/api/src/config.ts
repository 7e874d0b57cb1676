import { BRANDS, isEmailContact, SIGN_UP_MODES, type SignUpMode } from '@skyvault/contract';
import { z } from 'zod';
import { readSecretFiles, SecretFileError } from './config-files.js';
import { LIMIT_DEFAULTS, type Limits, limit } from './config-limits.js';
import { resolveDataDir } from './data-dir.js';

export { LIMIT_DEFAULTS, type Limit, type Limits } from './config-limits.js';

/**
 * Every setting of the API, read from the environment once and validated. A wrong value stops the
 * start with one line naming the variable, never a stack trace (see main.ts).
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

const portNumber = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(fallback)
    .transform((v) => v === 'true');

const durationSeconds = z.coerce
  .number({ error: 'must be a number of seconds' })
  .int('must be a whole number of seconds')
  .positive('must be positive');

const secretsKey = z
  .string()
  .optional()
  .refine((v) => v === undefined || /^[A-Za-z0-9+/=_-]{43,}$/.test(v), {
    message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
  });
/** A PostgreSQL role name the migrations and the tenant transactions write into their SQL as is. */
const roleName = z
  .string()
  .trim()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a PostgreSQL role name: lower-case letters, digits and _');

/** One DNS server: IPv4 or bracketed IPv6 with an optional port, or bare IPv6 (what Resolver.setServers takes). */
const DNS_SERVER =
  /^(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|\[[0-9a-fA-F:.]+\](?::\d{1,5})?|[0-9a-fA-F:]+:[0-9a-fA-F:.]*)$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portNumber.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  // The owner's connection, for migrations only (db:migrate, MIGRATE_ON_START); unset: DATABASE_URL's.
  MIGRATE_DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  // The role tenant transactions switch to, and the servers' login role that the migrations grant
  // what it needs (unset: DATABASE_URL's user). One install's names are its own on a shared cluster.
  DB_APP_ROLE: roleName.default('skyvault_app'),
  DB_RUNTIME_ROLE: roleName.optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SECRETS_KEY: secretsKey,
  SESSION_TTL: durationSeconds.default(8 * 60 * 60),
  SESSION_IDLE_TTL: durationSeconds.default(60 * 60),
  // How long a process keeps a session it resolved (modules/sessions/session-cache.ts); 0 keeps none.
  // At most a second: that is how long a change elsewhere may take to reach this process.
  SESSION_CACHE_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).max(1000).default(500),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Skyvault <no-reply@skyvault.local>'),
  // 0: this process sends no mail (another one does); the outbox keeps it.
  OUTBOX_POLL_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(2000),
  // 0: this process sends no webhooks (another one does); the deliveries wait in the table.
  WEBHOOK_POLL_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(1000),
  // How long one webhook attempt may take before it counts as a time-out (and is retried); at most
  // 30 s, so that a shutdown waits for the attempts under way within its own time-out.
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ error: 'must be milliseconds' })
    .int()
    .min(500, { error: 'must be between 500 and 30000 milliseconds' })
    .max(30_000, { error: 'must be between 500 and 30000 milliseconds' })
    .default(10_000),
  // How long a call to Salesforce may take before it counts as a time-out (a Degraded check); under
  // the 30-second lease of a token renewal, so that a renewal never outlives its lease.
  SALESFORCE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be milliseconds' })
    .int()
    .min(100)
    .max(20_000)
    .default(10_000),
  // How often this process looks for Salesforce connections due for their hourly check; 0: never.
  CONNECTION_CHECK_POLL_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(30_000),
  // The DNS servers that verified domains' TXT records are looked up with: a comma list of IP addresses,
  // each with an optional port (192.0.2.53, 192.0.2.53:5353, [2001:db8::53]:53); unset: the system's.
  DNS_SERVERS: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || v.split(',').every((entry) => DNS_SERVER.test(entry.trim())), {
      message: 'must be a comma list of IP addresses, each with an optional :port',
    }),
  // How long one TXT look-up may take before it counts as a time-out.
  DNS_TIMEOUT_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(100).max(30_000).default(5000),
  // How long a verified domain's record may stay missing before the domain lapses.
  DOMAIN_GRACE_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(90).default(7),
  // How often this process looks for verified domains due for their daily re-check; 0: never.
  DOMAIN_CHECK_POLL_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(60_000),
  // How often this process removes (and audits the end of) roles and permissions granted for a time; 0:
  // never here. They give nothing from their end whatever this is: it keeps users.is_admin right for the
  // previous release and the audit trail's ending timely.
  TEMPORARY_ACCESS_POLL_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(5000),
  // How often this process looks for log streams with audit events to send (each stream is sent by one
  // process at a time, whichever claims it); 0: never here.
  LOG_STREAM_POLL_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(5000),
  // Whether a tenant's S3 storage may name its own endpoint (S3-compatible storage); off: AWS's only.
  STORAGE_CUSTOM_ENDPOINTS: flag('false'),
  // The address of an Azure storage account's blobs, {account} standing for the account's name: another
  // Azure cloud (blob.core.usgovcloudapi.net), or a local Azurite (http://127.0.0.1:10000/{account}).
  AZURE_BLOB_ENDPOINT: z
    .string()
    .trim()
    .default('https://{account}.blob.core.windows.net')
    .refine((v) => /^https?:\/\/\S+$/.test(v) && v.includes('{account}'), {
      message: 'must be an http(s) address containing {account}',
    }),
  // How long one call to a storage (S3, Azure) may take in a test or check.
  STORAGE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be milliseconds' })
    .int()
    .min(100)
    .max(60_000)
    .default(10_000),
  // How often this process looks for storages due for their hourly check; 0: never.
  STORAGE_CHECK_POLL_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(30_000),
  BRAND: z.enum(BRANDS, { error: `must be one of ${BRANDS.join(', ')}` }).default('skyvault'),
  SERVICE_URL_BACKUP: optionalUrl(['http:', 'https:']),
  SERVICE_URL_DEVOPS: optionalUrl(['http:', 'https:']),
  ANALYTICS_TOKEN: z.string().default(''),
  ANALYTICS_HOST: optionalUrl(['http:', 'https:']),
  // Whom administrators are told to contact about what only the operator can change (an ended
  // licence, Salesforce not set up): an e-mail address or a web page.
  SUPPORT_CONTACT: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isEmailContact(v) || /^https?:\/\/[^\s]+$/.test(v), {
      message: 'must be an e-mail address or a URL starting with https:// or http://',
    }),
  SALESFORCE_CLIENT_ID: z.string().default(''),
  SALESFORCE_CLIENT_SECRET: z.string().default(''),
  SALESFORCE_LOGIN_URL: optionalUrl(['http:', 'https:']).default('https://login.salesforce.com'),
  SALESFORCE_SANDBOX_LOGIN_URL: optionalUrl(['http:', 'https:']).default('https://test.salesforce.com'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      if (v === 'true') return true as const;
      if (v === 'false' || v === '') return false as const;
      if (/^\d+$/.test(v)) return Number(v);
      if (/^[0-9a-fA-F.:/, ]+$/.test(v)) return v.split(',').map((s) => s.trim());
      ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a list of addresses' });
      return z.NEVER;
    }),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  OUTBOUND_PRIVATE_NETWORKS: flag('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Its default depends on the mode (production never seeds): read in loadConfig.
  SEED_DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  MIGRATE_ON_START: flag('true'),
  // An empty value means unset, as for the URLs.
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), portNumber.optional()),
  LOAD_SHED_EVENT_LOOP_DELAY: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (off) or more')
    // Its default depends on the mode: read in loadConfig.
    .optional(),
  LOAD_SHED_EVENT_LOOP_UTILIZATION: z.coerce
    .number({ error: 'must be a number between 0 and 1' })
    .min(0, 'must be between 0 (off) and 1')
    .max(1, 'must be between 0 (off) and 1')
    .default(0),
  LOAD_SHED_RETRY_AFTER: durationSeconds.default(10),
  ...(Object.fromEntries(Object.entries(LIMIT_DEFAULTS).map(([name, value]) => [name, limit(value)])) as {
    [Name in keyof typeof LIMIT_DEFAULTS]: ReturnType<typeof limit>;
  }),
  // off: no new password is checked against the shipped list of breached and common ones, whatever the
  // tenants' policies say.
  BREACHED_PASSWORDS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  // Who creates organizations: visitors (open), only the operator's create-tenant (invitation), nobody.
  SIGNUP_MODE: z.enum(SIGN_UP_MODES, { error: `must be one of ${SIGN_UP_MODES.join(', ')}` }).default('open'),
  LOGIN_DELAY_FREE_FAILURES: z.coerce.number({ error: 'must be a number' }).int().min(0).default(5),
  LOGIN_DELAY_MAX: durationSeconds.default(15 * 60),
  DB_POOL_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').default(10),
  DB_STATEMENT_TIMEOUT: z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(30_000),
  SECRETS_KEY_PREVIOUS: secretsKey,
  SECRETS_KEY_NEXT: secretsKey,
  OAUTH_KEY_ACTIVATION_DELAY: durationSeconds.default(60 * 60),
  OAUTH_KEY_REFRESH: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).default(60),
  // Its default depends on the mode (tests do not wait): read in loadConfig.
  SHUTDOWN_DRAIN_S: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be 0 or more')
    .optional(),
  SHUTDOWN_TIMEOUT_S: durationSeconds.default(25),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset: the embedded PGlite database in dataDir. */
  databaseUrl?: string;
  /** The schema owner's connection, for migrations only; unset: databaseUrl. */
  migrateDatabaseUrl?: string;
  dataDir: string;
  publicUrl: string;
  secretsKey?: string;
  /** The key before the last rotation: still opens what it sealed until `secrets reencrypt` has run. */
  secretsKeyPrevious?: string;
  /** The key a rotation is about to switch to: opens what it sealed, seals nothing (README "Rotating SECRETS_KEY"). */
  secretsKeyNext?: string;
  /**
   * PostgreSQL pool and statement timeout (0: none); the role tenant transactions switch to (appRole)
   * and the servers' login role the migrations grant to (runtimeRole; unset: the migrating role itself).
   */
  database: { poolMax: number; statementTimeoutMs: number; appRole: string; runtimeRole?: string };
  /** When a rotated signing key signs, how often keys are re-read. */
  oauthKeys: { activationDelaySeconds: number; refreshSeconds: number };
  session: { ttlSeconds: number; idleSeconds: number; cacheMs: number };
  /** pollMs: how often the outbox is looked at for due mail (0: never by this process). */
  mail: { smtpUrl?: string; from: string; pollMs: number };
  /** pollMs: how often webhook deliveries are looked at (0: never by this process); timeoutMs: one attempt's limit. */
  webhooks: { pollMs: number; timeoutMs: number };
  brand: (typeof BRANDS)[number];
  serviceUrls: { backup?: string; devOps?: string };
  analytics: { token: string; host: string };
  /** SUPPORT_CONTACT: an e-mail address or a web address administrators are pointed to; null when unset. */
  supportContact: string | null;
  salesforce: {
    clientId: string;
    clientSecret: string;
    loginUrl: string;
    sandboxLoginUrl: string;
    /** How often connections due for a check are looked for (0: never by this process). */
    checkPollMs: number;
    /** How long one call to Salesforce may take. */
    timeoutMs: number;
  };
  trustProxy: boolean | number | string[];
  redisUrl?: string;
  /**
   * Whether URLs that tenants supply (OIDC issuers) may reach loopback and private addresses; link-local
   * and cloud metadata addresses are refused regardless.
   */
  outbound: { allowPrivateNetworks: boolean };
  logLevel: string;
  seedDemo: boolean;
  /** Whether a start applies pending migrations; production servers may leave that to `db:migrate`. */
  migrateOnStart: boolean;
  /** Prometheus metrics on their own port; unset: no metrics. */
  metrics: { port?: number };
  /** When the process is too busy it answers 503 with Retry-After; 0 turns a threshold off. */
  loadShedding: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number; retryAfterSeconds: number };
  limits: Limits;
  /** Whether new passwords are refused when breached or common (a tenant may still turn it off for itself). */
  refuseBreachedPasswords: boolean;
  /**
   * Verified domains: the DNS servers of the TXT look-ups (empty: the system's), one look-up's time-out,
   * the days a missing record is tolerated, and how often due re-checks are looked for (0: never here).
   */
  domains: { dnsServers: string[]; dnsTimeoutMs: number; graceDays: number; checkPollMs: number };
  /** Roles and permissions granted for a time: how often their ends are removed and audited (0: never here). */
  temporaryAccess: { pollMs: number };
  /** Log streams: how often streams with events to send are looked for (0: never by this process). */
  logStreams: { pollMs: number };
  /**
   * Storages: whether tenants may name an S3-compatible endpoint, the Azure blob address template, one
   * call's time limit, and how often due checks are looked for (0: never by this process).
   */
  storages: { customEndpoints: boolean; azureBlobEndpoint: string; timeoutMs: number; checkPollMs: number };
  /** SIGNUP_MODE: whether visitors may sign up an organization (open), or only the operator creates them. */
  signUpMode: SignUpMode;
  /** SIGTERM: how long readiness answers 503 while requests are still served, and the most it all takes. */
  shutdown: { drainSeconds: number; timeoutSeconds: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Variables whose value may hold a secret (a key, a password in a URL): never echoed in production,
 * and each may come from a file named by `<NAME>_FILE` (config-files.ts). A new secret is listed here.
 * ANALYTICS_TOKEN is not one: PostHog's project token goes to every browser (GET /api/analytics).
 */
export const SECRET_VARIABLES = new Set([
  'SECRETS_KEY',
  'SECRETS_KEY_PREVIOUS',
  'SECRETS_KEY_NEXT',
  'DATABASE_URL',
  'MIGRATE_DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'SALESFORCE_CLIENT_SECRET',
]);

/** What production refuses to start without: the first missing or unfit setting, as one line. */
function productionRefusal(env: NodeJS.ProcessEnv, e: z.infer<typeof envSchema>): string | null {
  const mode = 'when NODE_ENV=production';
  if (!e.DATABASE_URL) return `DATABASE_URL must be set ${mode}: the embedded database is for development.`;
  if (!e.SECRETS_KEY)
    return `SECRETS_KEY must be set ${mode} (openssl rand -base64 32): a key generated into DATA_DIR is for development.`;
  if (!e.PUBLIC_URL) return `PUBLIC_URL must be set ${mode}: the console's https:// address.`;
  if (!e.PUBLIC_URL.startsWith('https://'))
    return `Invalid PUBLIC_URL "${e.PUBLIC_URL}": must start with https:// ${mode}.`;
  if (env.SEED_DEMO === 'true') return `SEED_DEMO=true is refused ${mode}: production has no demo tenant.`;
  return null;
}

/** The user a PostgreSQL URL logs in as; none when the URL names none (libpq then takes the OS user). */
function userOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const user = decodeURIComponent(new URL(url).username);
  return user === '' ? undefined : user;
}

/** The environment with each `<SECRET>_FILE` read into its variable; a bad one is one ConfigError line. */
function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  try {
    return readSecretFiles(env, SECRET_VARIABLES);
  } catch (error) {
    throw error instanceof SecretFileError ? new ConfigError(error.message) : error;
  }
}

export function loadConfig(given: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const env = withSecretFiles(given);
  const parsed = envSchema.safeParse(env);
  const production = env.NODE_ENV === 'production';
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    // A value read from a file is a secret by definition: never echoed, whatever the mode.
    const hidden = (production && SECRET_VARIABLES.has(variable)) || Boolean(given[`${variable}_FILE`]);
    const raw = hidden ? undefined : env[variable];
    throw new ConfigError(`Invalid ${variable}${raw === undefined ? '' : ` "${raw}"`}: ${issue.message}`);
  }
  const e = parsed.data;
  const refusal = production ? productionRefusal(env, e) : null;
  if (refusal) throw new ConfigError(refusal);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    migrateDatabaseUrl: e.MIGRATE_DATABASE_URL,
    dataDir: resolveDataDir(e.DATA_DIR, cwd),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    secretsKey: e.SECRETS_KEY,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS || undefined,
    secretsKeyNext: e.SECRETS_KEY_NEXT || undefined,
    database: {
      poolMax: e.DB_POOL_MAX,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT,
      appRole: e.DB_APP_ROLE,
      runtimeRole: e.DB_RUNTIME_ROLE ?? userOf(e.DATABASE_URL),
    },
    oauthKeys: { activationDelaySeconds: e.OAUTH_KEY_ACTIVATION_DELAY, refreshSeconds: e.OAUTH_KEY_REFRESH },
    session: { ttlSeconds: e.SESSION_TTL, idleSeconds: e.SESSION_IDLE_TTL, cacheMs: e.SESSION_CACHE_MS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, pollMs: e.OUTBOX_POLL_MS },
    webhooks: { pollMs: e.WEBHOOK_POLL_MS, timeoutMs: e.WEBHOOK_TIMEOUT_MS },
    brand: e.BRAND,
    serviceUrls: { backup: e.SERVICE_URL_BACKUP, devOps: e.SERVICE_URL_DEVOPS },
    analytics: { token: e.ANALYTICS_TOKEN, host: e.ANALYTICS_HOST ?? '' },
    supportContact: e.SUPPORT_CONTACT || null,
    salesforce: {
      clientId: e.SALESFORCE_CLIENT_ID,
      clientSecret: e.SALESFORCE_CLIENT_SECRET,
      checkPollMs: e.CONNECTION_CHECK_POLL_MS,
      timeoutMs: e.SALESFORCE_TIMEOUT_MS,
      loginUrl: e.SALESFORCE_LOGIN_URL ?? 'https://login.salesforce.com',
      sandboxLoginUrl: e.SALESFORCE_SANDBOX_LOGIN_URL ?? 'https://test.salesforce.com',
    },
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    outbound: { allowPrivateNetworks: e.OUTBOUND_PRIVATE_NETWORKS },
    logLevel: e.LOG_LEVEL,
    seedDemo: production ? false : e.SEED_DEMO !== 'false',
    migrateOnStart: e.MIGRATE_ON_START,
    metrics: { port: e.METRICS_PORT },
    loadShedding: {
      // On the embedded database every query runs on the event loop, so a long one reads as load:
      // shedding is for production servers on PostgreSQL unless it is asked for.
      maxEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY ?? (production ? 1000 : 0),
      maxEventLoopUtilization: e.LOAD_SHED_EVENT_LOOP_UTILIZATION,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER,
    },
    refuseBreachedPasswords: e.BREACHED_PASSWORDS === 'on',
    signUpMode: e.SIGNUP_MODE,
    domains: {
      dnsServers: e.DNS_SERVERS.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
      dnsTimeoutMs: e.DNS_TIMEOUT_MS,
      graceDays: e.DOMAIN_GRACE_DAYS,
      checkPollMs: e.DOMAIN_CHECK_POLL_MS,
    },
    temporaryAccess: { pollMs: e.TEMPORARY_ACCESS_POLL_MS },
    logStreams: { pollMs: e.LOG_STREAM_POLL_MS },
    storages: {
      customEndpoints: e.STORAGE_CUSTOM_ENDPOINTS,
      azureBlobEndpoint: e.AZURE_BLOB_ENDPOINT,
      timeoutMs: e.STORAGE_TIMEOUT_MS,
      checkPollMs: e.STORAGE_CHECK_POLL_MS,
    },
    shutdown: {
      drainSeconds: e.SHUTDOWN_DRAIN_S ?? (e.NODE_ENV === 'test' ? 0 : 5),
      timeoutSeconds: e.SHUTDOWN_TIMEOUT_S,
    },
    limits: {
      loginFailuresPerAddress: e.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS,
      codeFailuresPerAddress: e.RATE_LIMIT_CODE_FAILURES_PER_ADDRESS,
      codeRequestsPerEmail: e.RATE_LIMIT_CODE_REQUESTS_PER_EMAIL,
      forgotPerAccount: e.RATE_LIMIT_FORGOT_PER_ACCOUNT,
      forgotFailuresPerAddress: e.RATE_LIMIT_FORGOT_FAILURES_PER_ADDRESS,
      signUpsPerAddress: e.RATE_LIMIT_SIGN_UPS_PER_ADDRESS,
      ssoStartsPerAddress: e.RATE_LIMIT_SSO_STARTS_PER_ADDRESS,
      totpFailuresPerUser: e.RATE_LIMIT_TOTP_FAILURES_PER_USER,
      passwordChangeFailuresPerUser: e.RATE_LIMIT_PASSWORD_CHANGE_FAILURES_PER_USER,
      loginDelay: {
        freeFailures: e.LOGIN_DELAY_FREE_FAILURES,
        maxSeconds: e.LOGIN_DELAY_MAX,
        windowSeconds: 60 * 60,
      },
    },
  };
}
