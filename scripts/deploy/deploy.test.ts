import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The deployment files as an operator takes them: the image (Dockerfile), compose.yaml and the sample
 * Kubernetes manifests, checked without Docker or kubectl (neither runs in CI here).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The server's shutdown time-out when nothing sets it (apps/api config, README Configuration). */
const DEFAULT_SHUTDOWN_TIMEOUT_S = 25;
const seconds = (duration: string) => {
  const match = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration);
  if (!match) throw new Error(`Not a duration: ${duration}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
};
/** The role in a postgres:// URL, whose password is a compose variable. */
const roleOf = (url: string) => /^postgres:\/\/([^:@/]+)[:@]/.exec(url)?.[1];

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds and runs on a supported Node.js LTS line, as a user that is not root', () => {
    const images = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^node:(22|24)[-.\w]*$/);
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(users.at(-1));
    // The code still runs where CI does (Node.js 20.19 and later).
    expect(JSON.parse(read('package.json')).engines.node).toBe('>=20.19');
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true });
  const { console: server, migrate, postgres } = compose.services;
  const dataDir = /DATA_DIR=(\S+)/.exec(read('Dockerfile'))?.[1];

  it('runs the servers as the runtime role and the migrations as the owner role', () => {
    const roles = postgres.environment;
    expect(roleOf(server.environment.DATABASE_URL)).toBe(roles.DB_RUNTIME_ROLE);
    expect(server.environment.DB_RUNTIME_ROLE).toBe(roles.DB_RUNTIME_ROLE);
    expect(server.environment.DB_APP_ROLE).toBe(roles.DB_APP_ROLE);
    expect(roleOf(migrate.environment.MIGRATE_DATABASE_URL)).toBe(roles.DB_OWNER_ROLE);
    expect(roles.DB_OWNER_ROLE).not.toBe(roles.DB_RUNTIME_ROLE);
    expect(roleOf(server.environment.DATABASE_URL)).not.toBe(roles.POSTGRES_USER);
  });

  it("creates the roles when the database's volume is new: owner without CREATEROLE, runtime a member of the app role", () => {
    const mount = postgres.volumes.find((v: string) => v.includes('/docker-entrypoint-initdb.d/'));
    const script = read(mount.split(':')[0]);
    expect(script).toMatch(/CREATE ROLE :"owner" LOGIN [^;]*NOCREATEROLE/);
    expect(script).toMatch(/CREATE ROLE :"runtime" LOGIN [^;]*NOCREATEROLE/);
    expect(script).toMatch(/CREATE ROLE :"app" NOLOGIN [^;]*NOBYPASSRLS/);
    expect(script).toContain('GRANT :"app" TO :"runtime";');
    expect(script).toContain('ALTER DATABASE :"database" OWNER TO :"owner";');
    for (const variable of ['DB_OWNER_PASSWORD', 'DB_RUNTIME_PASSWORD'])
      expect(postgres.environment[variable]).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
  });

  it('publishes the console only on loopback (where its proxy reaches it), when it trusts a proxy', () => {
    if (server.environment.TRUST_PROXY !== undefined)
      for (const port of server.ports) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it('stops gracefully: the grace period outlasts the shutdown time-out', () => {
    const timeout = Number(server.environment.SHUTDOWN_TIMEOUT_S ?? DEFAULT_SHUTDOWN_TIMEOUT_S);
    expect(seconds(server.stop_grace_period)).toBeGreaterThan(timeout);
  });

  it('keeps DATA_DIR in a volume', () => {
    expect(dataDir).toBeDefined();
    const volume = server.volumes.find((v: string) => v.split(':')[1] === dataDir);
    expect(volume).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
  });
});

describe('Kubernetes manifests', () => {
  const dir = path.join(root, 'deploy/kubernetes');
  const objects = readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => doc.toJS()),
    );

  /** Validates an object against the Kubernetes OpenAPI schema of its kind (kubernetes-models). */
  const validate = async (object: { apiVersion: string; kind: string }) => {
    const module = `kubernetes-models/${object.apiVersion}/${object.kind}`;
    const models = (await import(module)) as Record<string, new (o: unknown) => { validate(): void }>;
    new models[object.kind]!(object).validate();
  };

  it('are valid objects of their kinds', async () => {
    expect(objects.map((o) => o.kind).sort()).toEqual(
      ['ConfigMap', 'Deployment', 'Job', 'PodDisruptionBudget', 'Service', 'Service'].sort(),
    );
    for (const object of objects) await validate(object);
  });

  it('would refuse an object that is not valid', async () => {
    const deployment = structuredClone(objects.find((o) => o.kind === 'Deployment'));
    deployment.spec.template.spec.terminationGracePeriodSeconds = 'forty';
    await expect(validate(deployment)).rejects.toThrow(/terminationGracePeriodSeconds/);
  });

  it('probe /healthz (startup, liveness) and /readyz (readiness) on the port the server listens on', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap').data;
    const pod = objects.find((o) => o.kind === 'Deployment').spec.template.spec;
    const [server] = pod.containers;
    const port = server.env.find((e: { name: string }) => e.name === 'PORT').value;
    const http = server.ports.find((p: { name: string }) => p.name === 'http');
    expect(String(http.containerPort)).toBe(port);
    expect(server.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(server.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(server.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(config.SHUTDOWN_TIMEOUT_S));
    expect(config.MIGRATE_ON_START).toBe('false');
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(server.volumeMounts.map((m: { mountPath: string }) => m.mountPath)).toContain('/app/data');
  });

  it('migrate in a Job, as the owner role, from the Secret', () => {
    const [migrate] = objects.find((o) => o.kind === 'Job').spec.template.spec.containers;
    expect(migrate.command).toEqual(['node', 'dist/migrate.js']);
    const url = migrate.env.find((e: { name: string }) => e.name === 'MIGRATE_DATABASE_URL');
    expect(url.valueFrom.secretKeyRef).toEqual({ name: 'skyvault', key: 'migrate-database-url' });
  });

  it('are the ones README names', () => {
    expect(existsSync(path.join(dir, 'skyvault.yaml'))).toBe(true);
    expect(read('README.md').includes('deploy/kubernetes/skyvault.yaml')).toBe(true);
  });
});
