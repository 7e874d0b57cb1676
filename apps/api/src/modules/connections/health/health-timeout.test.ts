import { describe, expect, it } from 'vitest';
import { createTenantWithUser, useOpened, useTestApp } from '../../../../test/app.js';
import { startSalesforceStandIn } from '../../../../test/salesforce-stand-in.js';
import { checkNow, connect, openHealthApp, tokensOf } from './health.test-helpers.js';

/** A Salesforce that does not answer in time: the check gives up at the timeout and says so. */
describe('a connection check that times out', () => {
  const sf = useOpened(() => startSalesforceStandIn());
  const t = useTestApp(() => openHealthApp(sf, { env: { SALESFORCE_TIMEOUT_MS: '300' } }));

  it('is Degraded with salesforce_timeout, keeps the tokens and recovers', async () => {
    const u = await createTenantWithUser(t, { services: ['devOps'] });
    const id = await connect(t, sf, u, 'slow');
    await checkNow(t, u, id);
    const before = await tokensOf(t, u.tenantId, id);

    sf.faults.add({ on: 'limits', delayMs: 1_000 });
    const slow = await checkNow(t, u, id);
    expect(slow.health).toMatchObject({ status: 'Degraded', reason: 'salesforce_timeout' });
    expect((await tokensOf(t, u.tenantId, id)).refreshToken).toBe(before.refreshToken);

    expect((await checkNow(t, u, id)).health).toMatchObject({ status: 'Healthy', reason: null });
  });
});
