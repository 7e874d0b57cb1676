import { describe, expect, it } from 'vitest';
import { startBanner, startRecord } from './start-banner.js';

const config = { publicUrl: 'http://localhost:8080', databaseUrl: undefined, dataDir: '/srv/data' };
const created = {
  tenantName: 'demo',
  email: 'admin@demo.example.com',
  file: '/srv/data/demo-login.json',
  password: 'Demo-secret-7!',
};
const kept = { tenantName: 'demo', email: 'admin@demo.example.com', file: '/srv/data/demo-login.json' };

describe('start banner', () => {
  it('shows the demo password once, at a terminal, on the start that created it', () => {
    const lines = startBanner(config, created, true).join('\n');
    expect(lines).toContain('Skyvault Console is running at http://localhost:8080');
    expect(lines).toContain(
      'Demo login: tenant "demo", e-mail admin@demo.example.com, password Demo-secret-7! (shown this once; also kept in /srv/data/demo-login.json)',
    );
  });

  it('never writes the demo password to output that is not a terminal', () => {
    const lines = startBanner(config, created, false).join('\n');
    expect(lines).not.toContain('Demo-secret-7!');
    expect(lines).toContain(
      'Demo login: tenant "demo", e-mail admin@demo.example.com, password in /srv/data/demo-login.json',
    );
  });

  it('points later starts to the kept login', () => {
    const lines = startBanner(config, kept, true).join('\n');
    expect(lines).toContain('password in /srv/data/demo-login.json');
  });

  it('names the metrics address when METRICS_PORT is set, and nothing of it otherwise', () => {
    expect(startBanner({ ...config, metrics: { port: 9464 }, host: '0.0.0.0' }, null, false)).toContain(
      '  Metrics: http://localhost:9464/metrics',
    );
    expect(startBanner({ ...config, metrics: { port: 9464 }, host: '10.1.2.3' }, null, false)).toContain(
      '  Metrics: http://10.1.2.3:9464/metrics',
    );
    expect(startBanner(config, null, false).join('\n')).not.toContain('Metrics');
  });

  it('says nothing about a demo login when there is none', () => {
    expect(startBanner(config, null, true).join('\n')).not.toContain('Demo login');
  });
});

describe('start record (output that is not a terminal)', () => {
  it('carries the addresses and where the demo login is kept, never the password', () => {
    const record = startRecord({ ...config, metrics: { port: 9464 }, host: '0.0.0.0' }, created);
    expect(record).toEqual({
      message: 'Skyvault Console is running at http://localhost:8080',
      url: 'http://localhost:8080',
      docs: 'http://localhost:8080/api/docs',
      database: 'embedded (/srv/data)',
      metrics: 'http://localhost:9464/metrics',
      demoLogin: { tenant: 'demo', email: 'admin@demo.example.com', file: '/srv/data/demo-login.json' },
    });
    expect(JSON.stringify(record)).not.toContain('Demo-secret-7!');
    expect(startRecord({ ...config, databaseUrl: 'postgres://x' }, null)).not.toHaveProperty('demoLogin');
  });
});
