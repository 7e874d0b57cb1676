// Adds 100,000 users to the demo tenant of an embedded data dir (the server must be stopped).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../apps/api/src/db/pglite.js';

const dataDir = process.env.DATA_DIR!;
const { client } = await openPglite({ dataDir: path.join(dataDir, 'pg') });
// One statement at a time: VACUUM cannot run inside the implicit transaction of a multi-statement exec.
const script = readFileSync(new URL('./seed-users.sql', import.meta.url), 'utf8').replace(/^--.*$/gm, '');
for (const statement of script.split(';').filter((text) => text.trim())) await client.exec(statement);
await client.close();
console.log('seeded 100,000 users');
