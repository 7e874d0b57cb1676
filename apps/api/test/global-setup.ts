import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { adminUrl, templateName } from './db-names.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of the migrated template; PostgreSQL: the template database's name. */
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Migrates one template database for the whole run; every test file then starts from a copy of it
 * (a PGlite dump, or CREATE DATABASE … TEMPLATE on PostgreSQL) instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = templateName();
    const admin = openPostgres(adminUrl(url), { max: 1 });
    await admin.pool.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.pool.query(`CREATE DATABASE "${name}"`);
    const template = openPostgres(adminUrl(url, name), { max: 1 });
    await migrate(template.database);
    await template.database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.database.close();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skyvault-test-'));
  const { database, client } = await openPglite({});
  await migrate(database);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
