// Bundles the API into dist/main.js (our workspace code inlined, npm dependencies left as imports)
// and copies the SQL migrations and the built console beside it.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@skyvault/'));
const outdir = path.join(root, 'dist');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'src/main.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync(path.join(root, 'drizzle'), path.join(outdir, 'drizzle'), { recursive: true });
const consoleDist = path.resolve(root, '../console/dist');
if (existsSync(path.join(consoleDist, 'index.html'))) {
  cpSync(consoleDist, path.join(outdir, 'console'), { recursive: true });
}
