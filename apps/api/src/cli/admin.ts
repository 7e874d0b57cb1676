import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { describeDatabaseFailure } from '../db/failure-reason.js';
import { DataDirInUseError } from '../db/lock.js';
import { openDatabase } from '../db/open.js';
import { openSecretBox } from '../platform/secrets/secrets.js';
import { runAdmin, USAGE, UsageError } from './admin-commands.js';
import { backup, restore } from './backup.command.js';

/** `npm run admin -- …`: the operators' command line (ARCHITECTURE §3). */
const print = (line: string) => process.stdout.write(`${line}\n`);
const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help')) {
  print(USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}

/** backup and restore work on the data directory itself, not through an open database. */
async function runFileCommand(config: ReturnType<typeof loadConfig>): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, 'with-secrets-key': { type: 'boolean' } },
  });
  const [command, file] = positionals;
  if (!file) throw new UsageError(`${command} needs a file.`);
  return command === 'backup'
    ? backup(config, file, { withSecretsKey: values['with-secrets-key'] === true }, print)
    : restore(config, file, { force: values.force === true }, print);
}

try {
  const config = loadConfig();
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    process.exitCode = await runFileCommand(config);
  } else {
    // MIGRATE_ON_START=false: the servers' role, which may not migrate, runs the commands too.
    const database = await openDatabase(config, { migrate: config.migrateOnStart });
    try {
      const secrets = openSecretBox(config);
      const keyActivationDelayMs = config.oauthKeys.activationDelaySeconds * 1000;
      const mail = { brand: config.brand, publicUrl: config.publicUrl };
      process.exitCode = await runAdmin(argv, { database, secrets, keyActivationDelayMs, mail }, print);
    } finally {
      await database.close();
    }
  }
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    print(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    // Anything else is the database's refusal (or an unreachable one): its own reason, never the SQL's values.
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(
      `skyvault admin: ${known ? (error as Error).message : describeDatabaseFailure(error)}\n`,
    );
    process.exitCode = 1;
  }
}
