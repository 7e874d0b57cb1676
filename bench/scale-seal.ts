// A webhook endpoint's signing secret sealed as the server seals it (SECRETS_KEY, bound to the tenant
// and the endpoint), for bench/scale.mjs, which points seeded endpoints at its local receivers.
// Usage: SECRETS_KEY=… npx tsx bench/scale-seal.ts <tenant id> <endpoint id> <secret>
import { openSecretBox } from '../apps/api/src/platform/secrets/secrets.js';
import { sealedWebhookSecret } from '../apps/api/src/platform/webhook-outbox/dispatcher.js';

const [tenantId, endpointId, secret] = process.argv.slice(2);
if (!tenantId || !endpointId || !secret) {
  console.error('usage: npx tsx bench/scale-seal.ts <tenant id> <endpoint id> <secret>');
  process.exit(2);
}
const box = openSecretBox({ secretsKey: process.env.SECRETS_KEY, dataDir: process.env.DATA_DIR ?? '.' });
console.log(box.seal(sealedWebhookSecret(tenantId, endpointId), secret));
