import { connectionEndpoints, type OrganizationType } from '@skyvault/contract';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/app.js';
import type { SalesforceStandIn, StandInUser } from '../../../test/salesforce-stand-in.js';
import { auditEvents } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { browserFlow, connectThroughLogin, landedOn, storedConnection } from './connections.test-helpers.js';

/** The whole API on a fresh database, running on the stand-in's clock (token and check times). */
export const createStandInClockApp = (sf: SalesforceStandIn): Promise<TestApp> =>
  createTestApp(sf.env(), { clock: () => sf.clock.now() });

/** Logins through the stand-in as a chosen Salesforce user, for a tenant without Backup. */
export function loginFlow(t: TestApp, sf: SalesforceStandIn) {
  const api = apiCaller(t);
  const { comeBack } = browserFlow(t);

  return {
    /** Creates a connection and logs it in as `as`; answers its id. */
    connect: (u: TestUser, name: string, as: StandInUser, type: OrganizationType = 'Production') =>
      connectThroughLogin(t, sf, u, name, { as, type }),
    /** Update Token as `as`; answers where the console lands. */
    async renew(u: TestUser, id: string, as: StandInUser, type: OrganizationType, rebind?: boolean) {
      const renewed = await api.call(u, connectionEndpoints.renew, {
        params: { id },
        body: { connectionId: id, organizationType: type, ...(rebind === undefined ? {} : { rebind }) },
      });
      expect(renewed.statusCode).toBe(200);
      sf.loginAs(as);
      return landedOn(await comeBack(u, await sf.follow(renewed.json().loginUri)));
    },
    /** The refresh token the connection holds, opened. */
    async refreshTokenOf(u: TestUser, id: string) {
      const row = await storedConnection(t, u.tenantId, id);
      return t.app.services.secrets.open(sealedAt.connectionRefreshToken(u.tenantId, id), row.refreshToken!);
    },
    /** The connection's audit events, oldest first. */
    trail: (u: TestUser, id: string) =>
      t.database.tenant(u.tenantId, (tx) =>
        tx
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.tenantId, u.tenantId), eq(auditEvents.targetId, id)))
          .orderBy(asc(auditEvents.seq)),
      ),
  };
}
