import type { Config } from './config.js';
import type { DemoSeed } from './seed/demo.js';

/**
 * The lines a start prints below the logs: where the console runs and, with the demo tenant, how to
 * sign in. The demo password is shown once, on the start that created it, and only to a person at a
 * terminal: stdout is also where the JSON logs go, and a password there would end up in whatever
 * collects them. Otherwise the lines say where the login is kept.
 */
export function startBanner(
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'metrics' | 'host'>>,
  demo: DemoSeed | null,
  interactive: boolean,
): string[] {
  const lines = [
    `  Skyvault Console is running at ${config.publicUrl}`,
    `  API documentation: ${config.publicUrl}/api/docs`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${config.dataDir})`}`,
  ];
  if (config.metrics?.port !== undefined) {
    const host =
      !config.host || config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    lines.push(`  Metrics: http://${host.includes(':') ? `[${host}]` : host}:${config.metrics.port}/metrics`);
  }
  if (demo) {
    const login = `  Demo login: tenant "${demo.tenantName}", e-mail ${demo.email}`;
    lines.push(
      demo.password && interactive
        ? `${login}, password ${demo.password} (shown this once; also kept in ${demo.file})`
        : `${login}, password in ${demo.file}`,
    );
  }
  return lines;
}
