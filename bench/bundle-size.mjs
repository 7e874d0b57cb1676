// What the login page's first load transfers, brotli and gzip, against two budgets: everything the
// browser downloads before the login page is usable, as the server sends it (brotli: index.html, the
// stylesheets, the entry with the chunks it preloads, and the login route's chunk with the chunks it
// imports) <= 170 KB, with React and react-dom in it, and ARCHITECTURE §5's
// first-load JavaScript (the entry and the modules it preloads; route chunks are lazy) < 170 KB gzipped.
// Chunks the login page imports only when the visitor gets to them (its later steps, its dialogs) and
// other routes' chunks are not counted. Reads the built console (npm run build -w @skyvault/console).
// Sizes are those of the .br and .gz files the build writes beside each asset (what the server sends);
// a file without one is sent as is. Exits non-zero when either budget is exceeded.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/console/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const firstLoad = new Set(
  [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]),
);

/** The chunks a chunk imports statically (`from"./x.js"`, `import"./x.js"`), transitively. */
function withStaticImports(file, into) {
  if (into.has(file)) return;
  into.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const [, name] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    withStaticImports(`/assets/${name}`, into);
  }
}

const entry = new Set();
for (const file of firstLoad) withStaticImports(file, entry);
const files = new Set(['/index.html', ...entry]);
const loginChunks = readdirSync(path.join(dist, 'assets')).filter((name) =>
  /^LoginPage-[\w-]+\.js$/.test(name),
);
if (loginChunks.length === 0) throw new Error('No LoginPage-*.js chunk in the build');
for (const name of loginChunks) withStaticImports(`/assets/${name}`, files);

/** Bytes on the wire with an encoding: its precompressed file when the build wrote one. */
const sent = (file, suffix) => {
  const full = path.join(dist, file);
  return readFileSync(existsSync(full + suffix) ? full + suffix : full).length;
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
// --json: one JSON line instead of the table (bench/perf.mjs reads it).
const json = process.argv.includes('--json');
const print = json ? () => {} : (line) => console.log(line);
const totals = { raw: 0, br: 0, gz: 0, entryJsGz: 0 };
print('    raw         brotli      gzip');
for (const file of [...files].sort()) {
  const sizes = {
    raw: readFileSync(path.join(dist, file)).length,
    br: sent(file, '.br'),
    gz: sent(file, '.gz'),
  };
  totals.raw += sizes.raw;
  totals.br += sizes.br;
  totals.gz += sizes.gz;
  if (entry.has(file) && file.endsWith('.js')) totals.entryJsGz += sizes.gz;
  print(`${kb(sizes.raw)} ${kb(sizes.br)} ${kb(sizes.gz)}  ${file}`);
}
print(`${kb(totals.raw)} ${kb(totals.br)} ${kb(totals.gz)}  login page, first load (${files.size} files)`);
const budgets = [
  { label: 'login page, first load, brotli', bytes: totals.br, budget: 170 * 1024 },
  {
    label: 'first-load JavaScript (entry and preloads), gzipped',
    bytes: totals.entryJsGz,
    budget: 170 * 1024,
  },
];
print('');
for (const { label, bytes, budget } of budgets) {
  const verdict = bytes <= budget ? 'within' : `OVER by ${kb(bytes - budget).trim()}`;
  print(`${kb(bytes)}  ${label} (budget ${budget / 1024} KB): ${verdict}`);
}
if (json) {
  const oneDecimal = (bytes) => Math.round(bytes / 102.4) / 10;
  console.log(
    JSON.stringify({
      files: files.size,
      loginRawKB: oneDecimal(totals.raw),
      loginBrotliKB: oneDecimal(totals.br),
      loginGzipKB: oneDecimal(totals.gz),
      entryJsGzipKB: oneDecimal(totals.entryJsGz),
    }),
  );
}
// The budget is met with React itself: react-dom's production build links its errors to react.dev, and
// no other renderer's code is in the first load.
const firstLoadCode = [...entry]
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(path.join(dist, file), 'utf8'))
  .join('\n');
const withReactDom = firstLoadCode.includes('react.dev/errors/') && !/\bpreact\b/i.test(firstLoadCode);
if (!withReactDom) console.error('The first load does not render with react-dom');
process.exitCode = withReactDom && budgets.every(({ bytes, budget }) => bytes <= budget) ? 0 : 1;
