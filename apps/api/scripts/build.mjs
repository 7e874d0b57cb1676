// Bundles the API into dist/: main.js (the server), migrate.js (`npm run db:migrate`) and admin.js
// (`npm run admin`), with our workspace code inlined and npm dependencies left as imports, so that
// they run with the production dependencies alone. Copies the SQL migrations and the built console
// beside them (each entry finds both next to itself).
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildDefines } from './build-commit.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@skyvault/'));
const outdir = path.join(root, 'dist');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    migrate: path.join(root, 'src/db/migrate.cli.ts'),
    admin: path.join(root, 'src/cli/admin.ts'),
  },
  outdir,
  bundle: true,
  // The three entries share most of their code: one copy, in chunks beside them (in dist/ itself,
  // since the code that looks for the migrations and the console starts from its own file).
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  define: buildDefines(root),
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync(path.join(root, 'drizzle'), path.join(outdir, 'drizzle'), { recursive: true });
const consoleDist = path.resolve(root, '../console/dist');
if (existsSync(path.join(consoleDist, 'index.html'))) {
  cpSync(consoleDist, path.join(outdir, 'console'), { recursive: true });
}
