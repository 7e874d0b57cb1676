import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.js';
import { oidcKeys } from '../db/schema/index.js';
import { loadSigningKeys } from '../modules/oauth/signing-keys.js';
import { openSecretBox } from '../platform/secrets/secrets.js';
import { backup, restore } from './backup.command.js';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skyvault-backup-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A data directory with a database, a generated secrets key and one sealed value (a signing key). */
async function seededDataDir() {
  const dataDir = tempDir();
  const config = { dataDir, databaseUrl: undefined, secretsKey: undefined };
  const database = await openDatabase(config);
  try {
    const { keys } = await loadSigningKeys(database, openSecretBox(config));
    return { config, kid: keys[0]!.kid };
  } finally {
    await database.close();
  }
}

/** The restored data directory's signing key, opened with its secrets key. */
async function signingKeyIn(dataDir: string) {
  const config = { dataDir, databaseUrl: undefined, secretsKey: undefined };
  const database = await openDatabase(config);
  try {
    const rows = await database.system((tx) => tx.select().from(oidcKeys));
    const { keys } = await loadSigningKeys(database, openSecretBox(config));
    return { rows, kid: keys[0]!.kid };
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  // Each test migrates a fresh embedded database and restores it into another: tens of seconds on a
  // loaded machine, more with every migration.
  it('restores into a fresh DATA_DIR, the key in the file with --with-secrets-key', async () => {
    const { config, kid } = await seededDataDir();
    const file = path.join(tempDir(), 'skyvault.backup');
    const lines: string[] = [];
    expect(await backup(config, file, { withSecretsKey: true }, (l) => lines.push(l))).toBe(0);

    const target = tempDir();
    expect(await restore({ ...config, dataDir: target }, file, { force: false }, (l) => lines.push(l))).toBe(
      0,
    );
    expect(readFileSync(path.join(target, 'secrets.key'), 'utf8')).toBe(
      readFileSync(path.join(config.dataDir, 'secrets.key'), 'utf8').trim(),
    );
    // The sealed private key opens with the restored key.
    const restored = await signingKeyIn(target);
    expect(restored.rows).toHaveLength(1);
    expect(restored.kid).toBe(kid);
  }, 120_000);

  it('without the key in the file, restore needs the same key, and refuses a database in place', async () => {
    const { config, kid } = await seededDataDir();
    const file = path.join(tempDir(), 'skyvault.backup');
    const lines: string[] = [];
    const print = (l: string) => lines.push(l);
    expect(await backup(config, file, { withSecretsKey: false }, print)).toBe(0);
    expect(readFileSync(file).toString('latin1')).not.toContain(
      readFileSync(path.join(config.dataDir, 'secrets.key'), 'utf8').trim(),
    );

    const target = tempDir();
    expect(await restore({ ...config, dataDir: target }, file, { force: false }, print)).toBe(1);
    expect(lines.at(-1)).toContain('holds no secrets key');
    expect(existsSync(path.join(target, 'pg', 'PG_VERSION'))).toBe(false);

    writeFileSync(path.join(target, 'secrets.key'), readFileSync(path.join(config.dataDir, 'secrets.key')));
    expect(await restore({ ...config, dataDir: target }, file, { force: false }, print)).toBe(0);
    expect((await signingKeyIn(target)).kid).toBe(kid);

    expect(await restore({ ...config, dataDir: target }, file, { force: false }, print)).toBe(1);
    expect(lines.at(-1)).toContain('already holds a database');
    expect(await restore({ ...config, dataDir: target }, file, { force: true }, print)).toBe(0);
    expect((await signingKeyIn(target)).kid).toBe(kid);
  }, 120_000);

  it('names pg_dump on PostgreSQL', async () => {
    const lines: string[] = [];
    const config = { dataDir: tempDir(), databaseUrl: 'postgres://owner:secret@db.example.com/skyvault' };
    expect(await backup(config, 'x', { withSecretsKey: false }, (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain('pg_dump --format=custom');
    expect(lines.join('\n')).not.toContain('secret@');
  });
});
