import { measure, passwordLogin, send } from './measure.mjs';
const base = process.argv[2];
const demo = JSON.parse(process.argv[3]);
const cookie = await passwordLogin(base, demo);
const created = await send(`${base}/api/v1/api-tokens`, {
  method: 'POST',
  headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'skyvault-console' },
  body: JSON.stringify({ name: `SCIM prof ${Date.now()}`, scope: 'scim', expiresAt: new Date(Date.now() + 9e8).toISOString(), password: demo.password }),
});
if (created.status !== 201) throw new Error(`token ${created.status} ${created.body}`);
const bearer = { authorization: `Bearer ${JSON.parse(created.body).token}` };
const runId = Date.now().toString(36);
const creates = await measure({ seconds: Number(process.argv[4] ?? 10), inFlight: 10, task: async (n) => {
  const res = await send(`${base}/scim/v2/Users`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/scim+json' },
    body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: `scim${runId}-${n}@t0.example.com`, name: { givenName: `S${n}`, familyName: 'B' }, emails: [{ value: `scim${runId}-${n}@t0.example.com`, primary: true }], active: true }) });
  if (res.status !== 201) throw new Error(`create ${res.status} ${res.body}`);
}});
console.log('creates', JSON.stringify(creates));
const lookups = await measure({ seconds: Number(process.argv[4] ?? 10), inFlight: 10, task: async (n) => {
  const filter = encodeURIComponent(`userName eq "scim${runId}-${n % 50}@t0.example.com"`);
  const res = await send(`${base}/scim/v2/Users?filter=${filter}`, { headers: bearer });
  if (res.status !== 200) throw new Error(`lookup ${res.status}`);
}});
console.log('lookups', JSON.stringify(lookups));
