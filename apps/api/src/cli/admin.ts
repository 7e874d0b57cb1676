import { ConfigError, loadConfig } from '../config.js';
import { DataDirInUseError } from '../db/lock.js';
import { openDatabase } from '../db/open.js';
import { createSecretBox, loadSecretsKey } from '../lib/secrets.js';
import { runAdmin, USAGE, UsageError } from './admin-commands.js';

/** `npm run admin -- …`: the operators' command line (ARCHITECTURE §3). */
const print = (line: string) => process.stdout.write(`${line}\n`);
const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help')) {
  print(USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
try {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const secrets = createSecretBox(loadSecretsKey(config.secretsKey, config.dataDir));
    process.exitCode = await runAdmin(argv, { database, secrets }, print);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    print(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(
      `skyvault admin: ${known ? (error as Error).message : String((error as Error).message ?? error)}\n`,
    );
    process.exitCode = 1;
  }
}
