// The baseline of the signed-in path: Fastify alone on this machine, answering the same route with a
// body of the same size as the product's GET /api/v1/auth/session, no plugin, no database. What the
// product does per call is measured against what the framework and the load generator cost by
// themselves, in the same run. Usage: node bench/bare-fastify.mjs PORT (prints "listening" when ready).
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 8178);
const user = {
  id: '00000000-0000-4000-8000-000000000000',
  email: 'admin@demo.example.com',
  firstName: 'Demo',
  lastName: 'Administrator',
  isAdmin: true,
  tenant: { id: '00000000-0000-4000-8000-000000000001', name: 'demo', services: ['Backup', 'DevOps'] },
  timezone: 'UTC',
};
const app = Fastify({ logger: false });
app.get('/api/v1/auth/session', async () => user);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('listening\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
