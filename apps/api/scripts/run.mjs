// `npm start`, `npm run admin` and `npm run db:migrate`: the built entry in dist/ when there is one (a
// production install has nothing else: no sources, no dev dependencies), else the TypeScript source
// through tsx, so that a fresh checkout needs no build first.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCES = { main: 'src/main.ts', admin: 'src/cli/admin.ts', migrate: 'src/db/migrate.cli.ts' };

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [entry] = process.argv.splice(2, 1);
if (!Object.hasOwn(SOURCES, entry)) {
  process.stderr.write(`usage: node scripts/run.mjs ${Object.keys(SOURCES).join('|')} [arguments]\n`);
  process.exit(2);
}
const built = path.join(root, 'dist', `${entry}.js`);
if (existsSync(built)) {
  // In this process: signals and the exit code are the entry's own.
  await import(pathToFileURL(built).href);
} else {
  const child = spawn(process.execPath, ['--import', 'tsx', SOURCES[entry], ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
