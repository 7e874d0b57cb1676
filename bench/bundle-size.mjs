// First-load JavaScript of the console, gzipped (ARCHITECTURE §5 budget: < 170 KB).
// Reads the built index.html (npm run build -w @skyvault/console) and sums the entry script and the
// modules it preloads; lazy route chunks are not counted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/console/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const file of new Set(files)) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const budget = 170 * 1024;
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first load, gzipped (budget 170 KB)`);
process.exitCode = total <= budget ? 0 : 1;
