import type { Config } from './config.js';
import type { DemoSeed } from './seed/demo.js';

/**
 * The lines a start prints below the logs at a terminal: where the console runs and, with the demo
 * tenant, how to sign in. The demo password is shown once, on the start that created it, and only to a person at a
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
  if (config.metrics?.port !== undefined)
    lines.push(`  Metrics: ${metricsUrl(config.host, config.metrics.port)}`);
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

/**
 * The same as one log record, for output that is not a terminal (a container's log, a collector): the
 * message and the addresses as fields. The demo password is never in it, only the file that keeps it.
 */
export function startRecord(
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'metrics' | 'host'>>,
  demo: DemoSeed | null,
) {
  return {
    message: `Skyvault Console is running at ${config.publicUrl}`,
    url: config.publicUrl,
    docs: `${config.publicUrl}/api/docs`,
    database: config.databaseUrl ? 'PostgreSQL' : `embedded (${config.dataDir})`,
    ...(config.metrics?.port !== undefined ? { metrics: metricsUrl(config.host, config.metrics.port) } : {}),
    ...(demo ? { demoLogin: { tenant: demo.tenantName, email: demo.email, file: demo.file } } : {}),
  };
}

function metricsUrl(host: string | undefined, port: number): string {
  const shown = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/metrics`;
}
