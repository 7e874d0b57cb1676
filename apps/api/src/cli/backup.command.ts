import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { lockDataDir } from '../db/lock.js';
import { pgliteExtensions } from '../db/pglite.js';
import { operatorCommand } from '../lib/commands.js';
import { createSecretBox, loadSecretsKey } from '../platform/secrets/secrets.js';

export const BACKUP_USAGE = `  backup <file> [--with-secrets-key]        the embedded database (DATA_DIR) into one file; the secrets key
                                            goes in only with --with-secrets-key (then guard the file as
                                            the key itself). Stop the server first
  restore <file> [--force]                  into DATA_DIR (refused when it holds a database, unless --force);
                                            needs the backup's key: in the file, SECRETS_KEY, or DATA_DIR/secrets.key`;

/** The first line of a backup; the second is its JSON header, the rest PGlite's gzipped data directory. */
const MAGIC = 'SKYVAULT-BACKUP 1';
/** A MAC of a fixed text: tells whether a key is the backup's without storing the key. */
const KEY_CHECK = 'backup:key-check';

interface Header {
  createdAt: string;
  keyCheck: string;
  /** Only with --with-secrets-key. */
  secretsKey?: string;
}

type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'secretsKey'>;
type Print = (line: string) => void;

const POSTGRES_BACKUP = (url: string) => {
  const target = new URL(url);
  target.password = target.password ? '***' : '';
  return [
    'DATABASE_URL is set: back up PostgreSQL with its own tools, e.g.',
    `  pg_dump --format=custom --file=skyvault.dump "${target}"`,
    `  pg_restore --clean --if-exists --no-owner --dbname="${target}" skyvault.dump`,
    'and keep SECRETS_KEY with it: the sealed secrets in the dump open only with that key.',
  ];
};

const pgDir = (dataDir: string) => path.join(dataDir, 'pg');

/** `backup FILE [--with-secrets-key]`: the embedded database; exit code. */
export async function backup(
  config: BackupConfig,
  file: string,
  options: { withSecretsKey: boolean },
  print: Print,
): Promise<number> {
  if (config.databaseUrl) {
    for (const line of POSTGRES_BACKUP(config.databaseUrl)) print(line);
    return 1;
  }
  if (!existsSync(path.join(pgDir(config.dataDir), 'PG_VERSION'))) {
    print(`No embedded database in ${config.dataDir}: nothing to back up.`);
    return 1;
  }
  const release = lockDataDir(config.dataDir);
  try {
    const key = loadSecretsKey(config.secretsKey, config.dataDir);
    const client = await PGlite.create({ dataDir: pgDir(config.dataDir), extensions: pgliteExtensions });
    let dump: Blob;
    try {
      dump = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    const header: Header = {
      createdAt: new Date().toISOString(),
      keyCheck: createSecretBox(key).mac(KEY_CHECK),
      ...(options.withSecretsKey ? { secretsKey: key.toString('base64') } : {}),
    };
    const head = Buffer.from(`${MAGIC}\n${JSON.stringify(header)}\n`);
    writeFileSync(file, Buffer.concat([head, Buffer.from(await dump.arrayBuffer())]), { mode: 0o600 });
    print(
      options.withSecretsKey
        ? `Backed up to ${file}, with the secrets key: keep the file as safe as the key.`
        : `Backed up to ${file}. Restoring it needs this SECRETS_KEY (or DATA_DIR/secrets.key): keep it apart.`,
    );
    return 0;
  } finally {
    release();
  }
}

function readBackup(file: string): { header: Header; data: Buffer } | null {
  const bytes = readFileSync(file);
  const first = bytes.indexOf(0x0a);
  const second = first < 0 ? -1 : bytes.indexOf(0x0a, first + 1);
  if (second < 0 || bytes.subarray(0, first).toString() !== MAGIC) return null;
  return {
    header: JSON.parse(bytes.subarray(first + 1, second).toString()) as Header,
    data: bytes.subarray(second + 1),
  };
}

/**
 * The key the restored database needs, and whether it opens the backup's secrets; writes the
 * backup's key into DATA_DIR/secrets.key when it carries one and no SECRETS_KEY is set.
 */
function restoreKey(config: BackupConfig, header: Header, force: boolean): string | null {
  const keyFile = path.join(config.dataDir, 'secrets.key');
  const matches = (key: Buffer) => createSecretBox(key).mac(KEY_CHECK) === header.keyCheck;
  if (config.secretsKey) {
    return matches(loadSecretsKey(config.secretsKey, config.dataDir))
      ? null
      : 'SECRETS_KEY is not the key of this backup: set the key the backup was made with.';
  }
  if (existsSync(keyFile)) {
    if (matches(loadSecretsKey(undefined, config.dataDir))) return null;
    if (!force || !header.secretsKey) {
      const replace = header.secretsKey ? " (--force replaces it with the backup's)" : '';
      return `${keyFile} is not the key of this backup${replace}.`;
    }
  }
  if (!header.secretsKey) {
    return 'This backup holds no secrets key: set SECRETS_KEY (or DATA_DIR/secrets.key) to the key it was made with.';
  }
  writeFileSync(keyFile, header.secretsKey, { mode: 0o600 });
  return null;
}

/** `restore FILE [--force]`: into DATA_DIR; exit code. */
export async function restore(
  config: BackupConfig,
  file: string,
  options: { force: boolean },
  print: Print,
): Promise<number> {
  if (config.databaseUrl) {
    for (const line of POSTGRES_BACKUP(config.databaseUrl)) print(line);
    return 1;
  }
  const archive = readBackup(file);
  if (!archive) {
    print(`${file} is not a backup made by \`${operatorCommand('admin')} backup\`.`);
    return 1;
  }
  const release = lockDataDir(config.dataDir);
  try {
    const target = pgDir(config.dataDir);
    if (existsSync(target) && readdirSync(target).length > 0) {
      if (!options.force) {
        print(
          `${config.dataDir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it.`,
        );
        return 1;
      }
    }
    const refusal = restoreKey(config, archive.header, options.force);
    if (refusal) {
      print(refusal);
      return 1;
    }
    rmSync(target, { recursive: true, force: true });
    const client = await PGlite.create({
      dataDir: target,
      // A view of its own: with the DOM's types in the program (XML libraries bring them), Blob takes
      // only ArrayBuffer-backed views.
      loadDataDir: new Blob([new Uint8Array(archive.data)]),
      extensions: pgliteExtensions,
    });
    await client.close();
    print(`Restored the backup of ${archive.header.createdAt} into ${config.dataDir}.`);
    return 0;
  } finally {
    release();
  }
}
