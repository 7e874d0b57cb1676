import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenantWithUser, createTestApp, type TestApp } from '../../test/app.js';
import { adminUrl } from '../../test/db-names.js';
import { committedFixtures } from '../../test/upgrade/fixture.js';
import type { Database } from './client.js';
import { migrate } from './migrate.js';
import { openDatabase } from './open.js';
import { openPostgres } from './postgres.js';
import { tenants, users } from './schema/index.js';

/** One install's roles, as README "Deploying" has the cluster's administrator create them. */
interface Install {
  database: string;
  owner: string;
  runtime: string;
  app: string;
  /** The runtime role's connection, as DATABASE_URL of the servers. */
  url: string;
}

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The database's error behind drizzle's wrapper, for matching its message. */
const reason = (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`;

/**
 * Least privilege on PostgreSQL: migrations as an owner without superuser or CREATEROLE, the servers as
 * a runtime role that owns nothing, and two installs on one cluster that share no role.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('database roles', () => {
  const server = process.env.TEST_DATABASE_URL ?? '';
  const suffix = randomBytes(4).toString('hex');
  const roleNames = (name: string) => ({
    owner: `skyvault_${name}_owner_${suffix}`,
    runtime: `skyvault_${name}_runtime_${suffix}`,
    app: `skyvault_${name}_app_${suffix}`,
  });
  const as = (role: string, database: string) => {
    const url = new URL(adminUrl(server, database));
    url.username = role;
    url.password = '';
    return url.toString();
  };
  let admin: pg.Pool;
  let first: Install;
  // Second: a new install migrated by its own owner, which may not create roles.
  let second: Install;
  const opened: Database[] = [];
  const open = (install: Install) => {
    const { database } = openPostgres(install.url, { max: 2, appRole: install.app });
    opened.push(database);
    return database;
  };
  /** A one-statement session as `role` on `database`; the error of a refused statement, or undefined. */
  const refusal = async (role: string, database: string, statements: string[]) => {
    const client = new pg.Client({ connectionString: as(role, database) });
    try {
      await client.connect();
      for (const statement of statements) await client.query(statement);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await client.end().catch(() => {});
    }
  };

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: server, max: 1 });
    const createRoles = async (names: ReturnType<typeof roleNames>) => {
      await admin.query(`CREATE ROLE ${names.owner} LOGIN NOSUPERUSER NOCREATEROLE`);
      await admin.query(`CREATE ROLE ${names.runtime} LOGIN NOINHERIT`);
      await admin.query(`CREATE ROLE ${names.app} NOLOGIN`);
      await admin.query(`GRANT ${names.app} TO ${names.runtime}`);
    };

    // The first install: a database of an earlier release (its grants and policies on skyvault_app,
    // the role every install shared), upgraded by its owner and moved to roles of its own.
    const one = roleNames('first');
    await createRoles(one);
    const firstName = `skyvault_first_${suffix}`;
    await admin.query(`CREATE DATABASE ${firstName} OWNER ${one.owner}`);
    first = { ...one, database: firstName, url: as(one.runtime, firstName) };
    // The newest release from before 0031 (which moved installs onto roles of their own).
    const release = committedFixtures()
      .filter((fixture) => fixture.name < '0031')
      .at(-1)!;
    const upgraded = openPostgres(as(one.owner, firstName), { max: 1 });
    try {
      // The dump was taken of a database a superuser owned: its default privileges name that owner.
      await upgraded.pool.query(release.sql.replaceAll('FOR ROLE postgres ', `FOR ROLE ${one.owner} `));
      await migrate(upgraded.database, { appRole: one.app, runtimeRole: one.runtime });
    } finally {
      await upgraded.database.close();
    }

    const two = roleNames('second');
    await createRoles(two);
    const secondName = `skyvault_second_${suffix}`;
    await admin.query(`CREATE DATABASE ${secondName} OWNER ${two.owner}`);
    await admin.query(`REVOKE ALL ON DATABASE ${secondName} FROM PUBLIC`);
    await admin.query(`GRANT CONNECT ON DATABASE ${secondName} TO ${two.runtime}`);
    second = { ...two, database: secondName, url: as(two.runtime, secondName) };
    // As the migrations of old made every non-superuser owner: a member of the shared role.
    await admin.query(`GRANT skyvault_app TO ${two.owner}`);
    const owner = openPostgres(as(two.owner, secondName), { max: 1 });
    try {
      await migrate(owner.database, { appRole: two.app, runtimeRole: two.runtime });
    } finally {
      await owner.database.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => {});
    for (const name of ['first', 'second']) {
      await admin.query(`DROP DATABASE IF EXISTS skyvault_${name}_${suffix} WITH (FORCE)`);
    }
    for (const name of ['first', 'second']) {
      const names = roleNames(name);
      for (const role of [names.runtime, names.app, names.owner]) {
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
      }
    }
    await admin.end();
  });

  it('migrates a new database as an owner that is neither superuser nor CREATEROLE', async () => {
    const { rows: owner } = await admin.query(
      'SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = $1',
      [second.owner],
    );
    expect(owner).toEqual([{ rolsuper: false, rolcreaterole: false }]);
    const migrations = await open(second).db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    expect(rows(migrations)[0]!.applied).toBeGreaterThanOrEqual(32);
  });

  it('moves an upgraded database off the shared skyvault_app onto the install’s own roles', async () => {
    const upgraded = new pg.Client({ connectionString: as(first.owner, first.database) });
    await upgraded.connect();
    try {
      const { rows: left } = await upgraded.query(
        `SELECT (SELECT count(*)::int FROM pg_policy WHERE to_regrole('skyvault_app') = ANY (polroles)) AS policies,
                (SELECT count(*)::int FROM pg_class c, aclexplode(c.relacl) a
                  WHERE a.grantee = to_regrole('skyvault_app')) AS grants,
                (SELECT count(*)::int FROM pg_policy WHERE to_regrole($1) = ANY (polroles)) AS own`,
        [first.app],
      );
      expect(left[0]).toMatchObject({ policies: 0, grants: 0 });
      expect(left[0]!.own).toBeGreaterThan(20);
    } finally {
      await upgraded.end();
    }
  });

  it('gives the runtime role no DDL, not even after RESET ROLE in a tenant transaction', async () => {
    for (const install of [first, second]) {
      for (const ddl of [
        'CREATE TABLE skyvault_intruder (id int)',
        'DROP TABLE users',
        'ALTER TABLE users ADD COLUMN intruder int',
        'TRUNCATE audit_events',
        'ALTER TABLE users DISABLE ROW LEVEL SECURITY',
      ]) {
        expect(await refusal(install.runtime, install.database, [ddl])).toMatch(
          /permission denied|must be owner/,
        );
      }
      const database = open(install);
      const escaped = database.tenant(randomUUID(), async (tx) => {
        await tx.execute(sql`reset role`);
        const [who] = rows(await tx.execute(sql`select current_user as role`));
        expect(who!.role).toBe(install.runtime);
        await tx.execute(sql`drop table users`);
      });
      await expect(escaped).rejects.toSatisfy((error: Error) => /must be owner/.test(reason(error)));
      // Nor can it become the owner.
      expect(await refusal(install.runtime, install.database, [`SET ROLE ${install.owner}`])).toMatch(
        /permission denied/,
      );
    }
  });

  it('starts the servers’ role on a migrated database, and migrates through the owner’s connection', async () => {
    const settings = {
      dataDir: '',
      database: { poolMax: 2, statementTimeoutMs: 0, appRole: second.app, runtimeRole: second.runtime },
    };
    // MIGRATE_ON_START with the runtime role alone: nothing to change, so nothing it may not do.
    const alone = await openDatabase({ ...settings, databaseUrl: second.url });
    opened.push(alone);
    const [who] = rows(await alone.db.execute(sql`select current_user as role`));
    expect(who!.role).toBe(second.runtime);
    // With MIGRATE_DATABASE_URL the owner migrates, and the pool is still the runtime role's.
    const split = await openDatabase({
      ...settings,
      databaseUrl: second.url,
      migrateDatabaseUrl: as(second.owner, second.database),
    });
    opened.push(split);
    const [pool] = rows(await split.db.execute(sql`select current_user as role`));
    expect(pool!.role).toBe(second.runtime);
  });

  it('stops a start whose DB_APP_ROLE is not the one the database uses, or one it may not become', async () => {
    const settings = { dataDir: '', databaseUrl: second.url };
    await expect(
      openDatabase({ ...settings, database: { poolMax: 1, statementTimeoutMs: 0, appRole: 'skyvault_app' } }),
    ).rejects.toThrow(
      `DB_APP_ROLE is skyvault_app, but this database's tenant transactions run as ${second.app}: set DB_APP_ROLE=${second.app}.`,
    );
    // The second install's owner is no member of its application role.
    await expect(
      openDatabase({
        ...settings,
        databaseUrl: as(second.owner, second.database),
        database: { poolMax: 1, statementTimeoutMs: 0, appRole: second.app },
      }),
    ).rejects.toThrow(`DATABASE_URL's role may not switch to ${second.app} (DB_APP_ROLE)`);
  });

  it('runs tenant transactions as the install’s own application role', async () => {
    const database = open(second);
    const [row] = rows(
      await database.tenant(randomUUID(), (tx) => tx.execute(sql`select current_user as role`)),
    );
    expect(row!.role).toBe(second.app);
    const { rows: members } = await admin.query(
      "SELECT pg_has_role($1, 'skyvault_app', 'MEMBER') AS member",
      [second.runtime],
    );
    expect(members).toEqual([{ member: false }]);
  });

  it('keeps one install’s rows from the other install’s roles on the same cluster', async () => {
    const tenantId = randomUUID();
    await open(first).tenant(tenantId, async (tx) => {
      await tx.insert(tenants).values({ id: tenantId, name: `first-${suffix}`, services: ['backup'] });
      await tx
        .insert(users)
        .values({ tenantId, email: 'a@first.example.com', firstName: 'A', lastName: 'B' });
    });
    // The first install's own runtime role sees the row, before a tenant is known and in its tenant.
    const seen = await open(first).system((tx) => tx.select().from(users));
    expect(seen.map((r) => r.tenantId)).toContain(tenantId);

    // The second install's roles may connect to the first's database (it keeps PUBLIC's CONNECT), and
    // still read nothing: not as themselves, not through their application role, not through the
    // first install's (no member of it), nor through skyvault_app, which the second install's owner
    // is a member of and the first install's database no longer grants anything.
    for (const role of [second.runtime, second.owner]) {
      for (const attempt of [
        ['SELECT * FROM users'],
        ['SELECT * FROM tenants'],
        [
          `SET ROLE ${second.app}`,
          `SELECT set_config('app.tenant_id', '${tenantId}', false)`,
          'SELECT * FROM users',
        ],
        [`SET ROLE ${first.app}`, 'SELECT * FROM users'],
        [
          'SET ROLE skyvault_app',
          `SELECT set_config('app.tenant_id', '${tenantId}', false)`,
          'SELECT * FROM users',
        ],
      ]) {
        expect(await refusal(role, first.database, attempt)).toMatch(/permission denied|does not exist/);
      }
    }
    // The second install's database is closed to everyone but its own roles.
    expect(await refusal(first.runtime, second.database, ['SELECT 1'])).toMatch(/permission denied/);
  });

  describe('the API on the runtime role', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ DB_APP_ROLE: second.app }, { database: open(second), keepDatabase: true });
    });
    afterAll(() => t?.close());

    it('answers a password sign-in, the session and the tenant’s users list', async () => {
      const password = `Runtime-role-${suffix}-1`;
      const user = await createTenantWithUser(t, { password, isAdmin: true });
      const login = await call(t, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { tenantName: user.tenantName, email: user.email, password },
      });
      expect(login.statusCode).toBe(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const session = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie });
      expect(session.statusCode).toBe(200);
      expect(session.body).toContain(user.email);
      const list = await call(t, { method: 'GET', url: '/api/v1/users', cookie });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(user.email);
    });
  });
});
