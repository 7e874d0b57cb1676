// Adds 100,000 users to the demo tenant of an embedded data dir (the server must be stopped).
import path from 'node:path';
import { openPglite } from '../apps/api/src/db/pglite.js';

const dataDir = process.env.DATA_DIR!;
const { client } = await openPglite({ dataDir: path.join(dataDir, 'pg') });
await client.exec(`
  insert into users (tenant_id, email, first_name, last_name, status, updated_at)
  select t.id, 'user' || g || '@bench.example.com', 'First' || g, 'Last' || g, 'Confirmed',
         now() - make_interval(secs => g)
  from tenants t, generate_series(1, 100000) g
  where t.name = 'demo';
  analyze users;
`);
await client.close();
console.log('seeded 100,000 users');
