import { readFileSync } from 'node:fs';

/** A `<NAME>_FILE` that cannot be used; config.ts turns it into its one-line ConfigError. */
export class SecretFileError extends Error {
  override name = 'SecretFileError';
}

/**
 * Secrets from files (Docker and Kubernetes secrets, systemd credentials): for each variable named,
 * `<NAME>_FILE` may name a file whose content, without its trailing newline, is the value. A secret
 * then never has to be on a command line or in the process's environment listing. Both set is refused
 * (which one wins would be a guess); a file that cannot be read is named, never its content. Runs
 * before validation, so a value from a file is checked like one from the variable.
 */
export function readSecretFiles(env: NodeJS.ProcessEnv, names: Iterable<string>): NodeJS.ProcessEnv {
  let resolved: NodeJS.ProcessEnv | null = null;
  for (const name of names) {
    const fileVariable = `${name}_FILE`;
    const file = env[fileVariable];
    if (file === undefined || file === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      throw new SecretFileError(`${name} and ${fileVariable} are both set: set one of them.`);
    }
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new SecretFileError(`Cannot read ${fileVariable} "${file}" (${reason}).`);
    }
    resolved ??= { ...env };
    resolved[name] = content.replace(/\r?\n$/, '');
  }
  return resolved ?? env;
}
