import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_DEFAULTS, loadConfig, SECRET_VARIABLES } from './config.js';
import { findRepositoryRoot, prepareDataDir, resolveDataDir } from './data-dir.js';

describe('loadConfig', () => {
  it('has working defaults: port 8080, embedded database in ./data, skyvault brand', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.brand).toBe('skyvault');
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid PORT "eighty": must be a port number'],
    [{ PORT: '70000' }, 'Invalid PORT "70000": must be between 0 and 65535'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid DATABASE_URL "mysql://x": must be a URL starting with postgres:// or postgresql://',
    ],
    [{ BRAND: 'acme' }, 'Invalid BRAND "acme": must be one of skyvault, flosum'],
    [
      { SECRETS_KEY: 'short' },
      'Invalid SECRETS_KEY "short": must be 32 random bytes in base64 (openssl rand -base64 32)',
    ],
    [
      { SUPPORT_CONTACT: 'the help desk' },
      'Invalid SUPPORT_CONTACT "the help desk": must be an e-mail address or a URL starting with https:// or http://',
    ],
    [
      { TRUST_PROXY: 'maybe' },
      'Invalid TRUST_PROXY "maybe": must be true, false, a hop count or a list of addresses',
    ],
  ])('stops on %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads every abuse limit from the environment as most/window, and refuses any other form', () => {
    const defaults = loadConfig({}).limits;
    expect(defaults.loginFailuresPerAddress).toEqual({ max: 50, windowSeconds: 900 });
    expect(defaults.loginDelay).toMatchObject({ freeFailures: 5, maxSeconds: 900 });
    for (const name of Object.keys(LIMIT_DEFAULTS)) {
      const changed = Object.values(loadConfig({ [name]: '7/60' }).limits);
      expect(changed, name).toContainEqual({ max: 7, windowSeconds: 60 });
      expect(() => loadConfig({ [name]: '7 per minute' }), name).toThrow(`Invalid ${name} "7 per minute"`);
    }
    expect(
      loadConfig({ LOGIN_DELAY_FREE_FAILURES: '3', LOGIN_DELAY_MAX: '60' }).limits.loginDelay,
    ).toMatchObject({
      freeFailures: 3,
      maxSeconds: 60,
    });
  });

  it('reads SUPPORT_CONTACT as an e-mail address or a web address; unset is null', () => {
    expect(loadConfig({}).supportContact).toBeNull();
    expect(loadConfig({ SUPPORT_CONTACT: ' help@platform.example.com ' }).supportContact).toBe(
      'help@platform.example.com',
    );
    expect(loadConfig({ SUPPORT_CONTACT: 'https://help.example.com/renew' }).supportContact).toBe(
      'https://help.example.com/renew',
    );
  });

  it("reads the verified domains' DNS servers, time-out, grace period and re-check poll", () => {
    expect(loadConfig({}).domains).toEqual({
      dnsServers: [],
      dnsTimeoutMs: 5000,
      graceDays: 7,
      checkPollMs: 60_000,
    });
    const custom = loadConfig({
      DNS_SERVERS: ' 192.0.2.53, 192.0.2.54:5353 ,[2001:db8::53]:53,2001:db8::54',
      DOMAIN_GRACE_DAYS: '3',
    }).domains;
    expect(custom.dnsServers).toEqual(['192.0.2.53', '192.0.2.54:5353', '[2001:db8::53]:53', '2001:db8::54']);
    expect(custom.graceDays).toBe(3);
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example.com' })).toThrow(
      'Invalid DNS_SERVERS "dns.example.com": must be a comma list of IP addresses, each with an optional :port',
    );
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});

describe('production mode (NODE_ENV=production)', () => {
  const ready = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://skyvault:secret-password@db.internal:5432/skyvault',
    SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
    PUBLIC_URL: 'https://console.example.com',
  };

  it('starts with a database, a secrets key and an https address, and never seeds the demo tenant', () => {
    const config = loadConfig(ready);
    expect(config.env).toBe('production');
    expect(config.seedDemo).toBe(false);
    expect(config.migrateOnStart).toBe(true);
    expect(loadConfig({ ...ready, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('sheds load past 1 second of event-loop delay, unless told otherwise', () => {
    expect(loadConfig(ready).loadShedding.maxEventLoopDelayMs).toBe(1000);
    expect(loadConfig({ ...ready, LOAD_SHED_EVENT_LOOP_DELAY: '0' }).loadShedding.maxEventLoopDelayMs).toBe(
      0,
    );
  });

  it('refuses to start without DATABASE_URL', () => {
    expect(() => loadConfig({ ...ready, DATABASE_URL: undefined })).toThrow(
      'DATABASE_URL must be set when NODE_ENV=production: the embedded database is for development.',
    );
    expect(() => loadConfig({ ...ready, DATABASE_URL: '' })).toThrow('DATABASE_URL must be set');
  });

  it('refuses to start without SECRETS_KEY', () => {
    expect(() => loadConfig({ ...ready, SECRETS_KEY: undefined })).toThrow(
      'SECRETS_KEY must be set when NODE_ENV=production (openssl rand -base64 32): a key generated into DATA_DIR is for development.',
    );
  });

  it('refuses to start without PUBLIC_URL', () => {
    expect(() => loadConfig({ ...ready, PUBLIC_URL: undefined })).toThrow(
      "PUBLIC_URL must be set when NODE_ENV=production: the console's https:// address.",
    );
  });

  it('refuses a PUBLIC_URL that is not https://', () => {
    expect(() => loadConfig({ ...ready, PUBLIC_URL: 'http://console.example.com' })).toThrow(
      'Invalid PUBLIC_URL "http://console.example.com": must start with https:// when NODE_ENV=production.',
    );
  });

  it('refuses SEED_DEMO=true', () => {
    expect(() => loadConfig({ ...ready, SEED_DEMO: 'true' })).toThrow(
      'SEED_DEMO=true is refused when NODE_ENV=production: production has no demo tenant.',
    );
  });

  it('names an invalid secret-bearing variable without echoing its value', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...ready, ...env });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('loadConfig accepted it');
    };
    expect(refusal({ SECRETS_KEY: 'almost-the-real-key' })).toBe(
      'Invalid SECRETS_KEY: must be 32 random bytes in base64 (openssl rand -base64 32)',
    );
    expect(refusal({ SECRETS_KEY_NEXT: 'almost-the-next-key' })).toBe(
      'Invalid SECRETS_KEY_NEXT: must be 32 random bytes in base64 (openssl rand -base64 32)',
    );
    const next = Buffer.alloc(32, 3).toString('base64');
    expect(loadConfig({ ...ready, SECRETS_KEY_NEXT: next }).secretsKeyNext).toBe(next);
    expect(refusal({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toBe(
      'Invalid DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    );
    expect(refusal({ MIGRATE_DATABASE_URL: 'mysql://owner:hunter2@db/x' })).toBe(
      'Invalid MIGRATE_DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    );
  });

  it('leaves development as it was: embedded database, generated key, demo tenant', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('database roles', () => {
  it('migrates through DATABASE_URL and switches to skyvault_app unless told otherwise', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://skyvault@db:5432/skyvault' });
    expect(config.migrateDatabaseUrl).toBeUndefined();
    expect(config.database.appRole).toBe('skyvault_app');
    expect(config.database.runtimeRole).toBe('skyvault');
    expect(loadConfig({}).database.runtimeRole).toBeUndefined();
  });

  it('reads the owner’s connection and the roles’ names', () => {
    const env = {
      DATABASE_URL: 'postgres://acme_runtime:secret@db:5432/acme',
      MIGRATE_DATABASE_URL: 'postgres://acme_owner:secret@db:5432/acme',
      DB_APP_ROLE: 'acme_app',
    };
    const config = loadConfig(env);
    expect(config.migrateDatabaseUrl).toBe('postgres://acme_owner:secret@db:5432/acme');
    expect(config.database).toMatchObject({ appRole: 'acme_app', runtimeRole: 'acme_runtime' });
    expect(loadConfig({ ...env, DB_RUNTIME_ROLE: 'acme_servers' }).database.runtimeRole).toBe('acme_servers');
  });

  it.each([
    ['DB_APP_ROLE', 'skyvault-app'],
    ['DB_APP_ROLE', "app'; drop table users; --"],
    ['DB_RUNTIME_ROLE', 'Runtime'],
  ])('refuses %s=%j: the name goes into SQL as it is', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      `Invalid ${variable} "${value}": must be a PostgreSQL role name: lower-case letters, digits and _`,
    );
  });
});

describe('operations settings', () => {
  it('reads MIGRATE_ON_START, METRICS_PORT and the load-shedding thresholds', () => {
    const defaults = loadConfig({});
    expect(defaults.migrateOnStart).toBe(true);
    expect(defaults.metrics.port).toBeUndefined();
    expect(defaults.loadShedding).toEqual({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      retryAfterSeconds: 10,
    });
    const set = loadConfig({
      MIGRATE_ON_START: 'false',
      METRICS_PORT: '9464',
      LOAD_SHED_EVENT_LOOP_DELAY: '0',
      LOAD_SHED_EVENT_LOOP_UTILIZATION: '0.98',
      LOAD_SHED_RETRY_AFTER: '5',
    });
    expect(set.migrateOnStart).toBe(false);
    expect(set.metrics.port).toBe(9464);
    expect(set.loadShedding).toEqual({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.98,
      retryAfterSeconds: 5,
    });
    expect(loadConfig({ METRICS_PORT: '' }).metrics.port).toBeUndefined();
  });

  it('reads the shutdown drain and timeout: 5 and 25 seconds, no drain in tests', () => {
    expect(loadConfig({}).shutdown).toEqual({ drainSeconds: 5, timeoutSeconds: 25 });
    expect(loadConfig({ NODE_ENV: 'test' }).shutdown).toEqual({ drainSeconds: 0, timeoutSeconds: 25 });
    expect(loadConfig({ SHUTDOWN_DRAIN_S: '1.5', SHUTDOWN_TIMEOUT_S: '40' }).shutdown).toEqual({
      drainSeconds: 1.5,
      timeoutSeconds: 40,
    });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_S: '-1' })).toThrow(
      'Invalid SHUTDOWN_DRAIN_S "-1": must be 0 or more',
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_S: '0' })).toThrow(
      'Invalid SHUTDOWN_TIMEOUT_S "0": must be positive',
    );
  });

  it('reads SIGNUP_MODE: open by default, invitation or off', () => {
    expect(loadConfig({}).signUpMode).toBe('open');
    expect(loadConfig({ SIGNUP_MODE: 'invitation' }).signUpMode).toBe('invitation');
    expect(loadConfig({ SIGNUP_MODE: 'off' }).signUpMode).toBe('off');
    expect(() => loadConfig({ SIGNUP_MODE: 'closed' })).toThrow(
      'Invalid SIGNUP_MODE "closed": must be one of open, invitation, off',
    );
  });

  it('refuses breached passwords unless BREACHED_PASSWORDS=off', () => {
    expect(loadConfig({}).refuseBreachedPasswords).toBe(true);
    expect(loadConfig({ BREACHED_PASSWORDS: 'on' }).refuseBreachedPasswords).toBe(true);
    expect(loadConfig({ BREACHED_PASSWORDS: 'off' }).refuseBreachedPasswords).toBe(false);
  });

  it.each([
    [{ MIGRATE_ON_START: 'no' }, 'Invalid MIGRATE_ON_START "no": must be true or false'],
    [{ BREACHED_PASSWORDS: 'false' }, 'Invalid BREACHED_PASSWORDS "false": must be on or off'],
    [{ METRICS_PORT: 'prometheus' }, 'Invalid METRICS_PORT "prometheus": must be a port number'],
    [
      { LOAD_SHED_EVENT_LOOP_UTILIZATION: '2' },
      'Invalid LOAD_SHED_EVENT_LOOP_UTILIZATION "2": must be between 0 (off) and 1',
    ],
  ])('stops on %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('DATA_DIR', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'skyvault-data-dir-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A checkout: a root package.json with workspaces, and a workspace inside it. */
  const checkout = path.join(scratch, 'checkout');
  const workspace = path.join(checkout, 'apps', 'api');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(path.join(checkout, 'package.json'), JSON.stringify({ workspaces: ['apps/api'] }));
  writeFileSync(path.join(workspace, 'package.json'), JSON.stringify({ name: '@skyvault/api' }));

  it('resolves a relative path from the repository root, in whichever workspace npm runs', () => {
    expect(findRepositoryRoot(workspace)).toBe(checkout);
    expect(resolveDataDir('./data', workspace)).toBe(path.join(checkout, 'data'));
    expect(resolveDataDir('./data', checkout)).toBe(path.join(checkout, 'data'));
    expect(loadConfig({}, workspace).dataDir).toBe(path.join(checkout, 'data'));
    expect(loadConfig({ DATA_DIR: 'state/skyvault' }, workspace).dataDir).toBe(
      path.join(checkout, 'state', 'skyvault'),
    );
  });

  it('keeps an absolute path as it is', () => {
    expect(loadConfig({ DATA_DIR: '/srv/skyvault' }, workspace).dataDir).toBe('/srv/skyvault');
  });

  it('resolves from the working directory outside a checkout (an installed production folder)', () => {
    const installed = path.join(scratch, 'opt', 'skyvault');
    mkdirSync(installed, { recursive: true });
    writeFileSync(path.join(installed, 'package.json'), JSON.stringify({ name: '@skyvault/api' }));
    expect(findRepositoryRoot(installed)).toBeNull();
    expect(loadConfig({}, installed).dataDir).toBe(path.join(installed, 'data'));
  });

  it("resolves this repository's ./data at its root, as the README says", () => {
    const apiDir = path.resolve(import.meta.dirname, '..');
    expect(loadConfig({}, apiDir).dataDir).toBe(path.resolve(apiDir, '..', '..', 'data'));
  });

  it('is created, owner-only, when missing', () => {
    const dir = path.join(scratch, 'fresh', 'data');
    expect(existsSync(dir)).toBe(false);
    prepareDataDir(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    prepareDataDir(dir);
  });
});

describe('secrets from files (<NAME>_FILE)', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'skyvault-secret-files-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const key = Buffer.alloc(32, 7).toString('base64');
  const file = (name: string, content: string) => {
    const at = path.join(scratch, name);
    writeFileSync(at, content, { mode: 0o600 });
    return at;
  };

  it('reads each secret-bearing variable from the file its _FILE names, without the trailing newline', () => {
    const config = loadConfig({
      SECRETS_KEY_FILE: file('secrets-key', `${key}\n`),
      SECRETS_KEY_PREVIOUS_FILE: file('previous-key', Buffer.alloc(32, 8).toString('base64')),
      DATABASE_URL_FILE: file('database-url', 'postgres://skyvault:s3cret@db.internal:5432/skyvault\r\n'),
      SMTP_URL_FILE: file('smtp-url', 'smtps://mailer:pw@smtp.example.com:465\n'),
      REDIS_URL_FILE: file('redis-url', 'redis://cache.internal:6379\n'),
      SALESFORCE_CLIENT_SECRET_FILE: file('salesforce', 'sf-secret-value\n'),
    });
    expect(config.secretsKey).toBe(key);
    expect(config.secretsKeyPrevious).toBe(Buffer.alloc(32, 8).toString('base64'));
    expect(config.databaseUrl).toBe('postgres://skyvault:s3cret@db.internal:5432/skyvault');
    expect(config.mail.smtpUrl).toBe('smtps://mailer:pw@smtp.example.com:465');
    expect(config.redisUrl).toBe('redis://cache.internal:6379');
    expect(config.salesforce.clientSecret).toBe('sf-secret-value');
  });

  it('offers it for every secret, the migrations URL included; not for the public analytics token', () => {
    expect([...SECRET_VARIABLES]).toEqual(
      expect.arrayContaining([
        'SECRETS_KEY',
        'SECRETS_KEY_PREVIOUS',
        'DATABASE_URL',
        'MIGRATE_DATABASE_URL',
        'SMTP_URL',
        'SALESFORCE_CLIENT_SECRET',
      ]),
    );
    expect(SECRET_VARIABLES.has('ANALYTICS_TOKEN')).toBe(false);
    // Only listed variables: a _FILE of any other is not read (it stays an unknown variable).
    expect(loadConfig({ BRAND_FILE: file('brand', 'flosum') }).brand).toBe('skyvault');
  });

  it('satisfies production, which then needs no secret in its environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://console.example.com',
      DATABASE_URL_FILE: file('prod-database-url', 'postgres://skyvault@db.internal/skyvault\n'),
      SECRETS_KEY_FILE: file('prod-key', `${key}\n`),
    });
    expect(config.secretsKey).toBe(key);
  });

  it('refuses both the variable and its _FILE, naming both', () => {
    expect(() => loadConfig({ SECRETS_KEY: key, SECRETS_KEY_FILE: file('both', key) })).toThrow(
      'SECRETS_KEY and SECRETS_KEY_FILE are both set: set one of them.',
    );
  });

  it('names a file that cannot be read, never its content', () => {
    const missing = path.join(scratch, 'no-such-file');
    expect(() => loadConfig({ SECRETS_KEY_FILE: missing })).toThrow(
      `Cannot read SECRETS_KEY_FILE "${missing}" (ENOENT).`,
    );
    expect(() => loadConfig({ SMTP_URL_FILE: scratch })).toThrow(
      `Cannot read SMTP_URL_FILE "${scratch}" (EISDIR).`,
    );
  });

  it('checks a value from a file like any other, without echoing it', () => {
    const refusal = () => loadConfig({ SECRETS_KEY_FILE: file('short-key', 'too-short-a-key\n') });
    expect(refusal).toThrow(
      'Invalid SECRETS_KEY: must be 32 random bytes in base64 (openssl rand -base64 32)',
    );
    expect(refusal).not.toThrow('too-short-a-key');
  });
});
