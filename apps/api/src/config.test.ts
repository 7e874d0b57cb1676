import { describe, expect, it } from 'vitest';
import { LIMIT_DEFAULTS, loadConfig } from './config.js';

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

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});
