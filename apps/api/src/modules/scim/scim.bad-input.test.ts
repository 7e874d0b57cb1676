import { userEndpoints } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  captureLog,
  createTenantWithUser,
  createTestApp,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { createRole } from '../roles/roles.test-helpers.js';
import { oktaUser, patch, SCIM_ERROR, type ScimClient, scimFor } from './scim.test-helpers.js';

/**
 * What a client gets wrong is answered 400 in the SCIM error schema, never 500 (a NUL character that
 * PostgreSQL's text cannot hold, a page number past what the database pages by, a member that is not
 * an id), and no log line ever carries a failed statement's parameters.
 */
describe('SCIM bad input', () => {
  const log = captureLog();
  const t = useTestApp(() => createTestApp({ LOG_LEVEL: 'trace' }, { logStream: log.stream }));
  const api = apiCaller(t);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const expect400 = async (
    res: Promise<{ statusCode: number; body: string; json: () => unknown }>,
    scimType: string,
  ) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '400', scimType });
  };

  async function scene(): Promise<{ admin: TestUser; scim: ScimClient; user: string; group: string }> {
    const admin = await createTenantWithUser(t);
    await createRole(t, admin, 'Viewers');
    const { scim } = await scimFor(t, admin);
    const user = (
      await scim('POST', '/Users', oktaUser(`bad-${admin.tenantId.slice(0, 6)}@example.com`))
    ).json().id;
    const group = (await scim('POST', '/Groups', { displayName: 'Bad input' })).json().id;
    return { admin, scim, user, group };
  }

  it('answers a NUL character anywhere with 400 invalidValue', async () => {
    const { admin, scim, user, group } = await scene();
    const nul = `a\u0000b-${admin.tenantId.slice(0, 6)}@example.com`;
    await expect400(scim('POST', '/Users', oktaUser(nul)), 'invalidValue');
    await expect400(
      scim('POST', '/Users', { ...oktaUser('k@example.com'), 'title\u0000': 'x' }),
      'invalidValue',
    );
    await expect400(
      scim('PATCH', `/Users/${user}`, patch({ op: 'replace', path: 'name.givenName', value: 'A\u0000' })),
      'invalidValue',
    );
    await expect400(scim('PUT', `/Users/${user}`, { userName: nul }), 'invalidValue');
    await expect400(scim('POST', '/Groups', { displayName: 'G\u0000' }), 'invalidValue');
    await expect400(
      scim('PATCH', `/Groups/${group}`, patch({ op: 'replace', path: 'displayName', value: '\u0000' })),
      'invalidValue',
    );
    await expect400(
      scim('GET', `/Users?filter=${encodeURIComponent('userName eq "a\u0000"')}`),
      'invalidValue',
    );
    await expect400(
      scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "\u0000"')}`),
      'invalidValue',
    );
    await expect400(scim('GET', '/Users?attributes=user%00Name'), 'invalidValue');
    // The filter parser takes an escape as written (no NUL reaches the database); control characters
    // are the filter's mistake.
    const escaped = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "a\\u0000"')}`);
    expect(escaped.json()).toMatchObject({ totalResults: 0 });
    await expect400(
      scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${'\n'.repeat(40)}`)}`),
      'invalidFilter',
    );
  });

  it('answers a startIndex or count that is no whole number, or past bigint, with 400 invalidValue', async () => {
    const { scim } = await scene();
    for (const query of [
      'startIndex=99999999999999999999',
      'startIndex=9223372036854775808',
      'startIndex=abc',
      'startIndex=1.5',
      'startIndex=1e3',
      'count=99999999999999999999',
      'count=ten',
      'startIndex=1&startIndex=2',
    ]) {
      for (const resource of ['/Users', '/Groups'])
        await expect400(scim('GET', `${resource}?${query}`), 'invalidValue');
    }
    // What RFC 7644 §3.4.2.4 says to clamp is clamped: below 1 is 1, a negative count is 0.
    expect((await scim('GET', '/Users?startIndex=0&count=1')).json()).toMatchObject({
      startIndex: 1,
      itemsPerPage: 1,
    });
    expect((await scim('GET', '/Users?count=-5')).json()).toMatchObject({ itemsPerPage: 0, Resources: [] });
    expect((await scim('GET', '/Users?startIndex=900719925474099')).json()).toMatchObject({ Resources: [] });
  });

  it('answers a member value that is not an id with 400 invalidValue, and an id that matches nothing with an empty list', async () => {
    const { scim, group, user } = await scene();
    await expect400(
      scim('POST', '/Groups', { displayName: 'Odd', members: [{ value: 'not-a-uuid' }] }),
      'invalidValue',
    );
    await expect400(
      scim(
        'PATCH',
        `/Groups/${group}`,
        patch({ op: 'add', path: 'members', value: [{ value: "1' or '1'='1" }] }),
      ),
      'invalidValue',
    );
    await expect400(
      scim('PATCH', `/Groups/${group}`, patch({ op: 'remove', path: 'members[value eq "zzz"]' })),
      'invalidValue',
    );
    await expect400(
      scim('PUT', `/Groups/${group}`, { displayName: 'Bad input', members: [{ value: 42 }] }),
      'invalidValue',
    );
    await expect400(
      scim(
        'PATCH',
        `/Groups/${group}`,
        patch({ op: 'add', path: 'members', value: [{ value: user }, { value: '' }] }),
      ),
      'invalidValue',
    );
    expect((await scim('GET', `/Groups/${group}`)).json().members).toEqual([]);
    for (const resource of ['Users', 'Groups']) {
      const none = await scim('GET', `/${resource}?filter=${encodeURIComponent('id eq "not-a-uuid"')}`);
      expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
    }
  });

  it("never logs a failed statement's parameters, neither for SCIM nor for the console API", async () => {
    const { admin, scim } = await scene();
    const secret = 'Parameter-value-7d3f91';
    // A statement that fails in the database with a value of its own as a parameter.
    const failing = () => t.database.tenant(admin.tenantId, (tx) => tx.execute(sql`select ${secret}::int`));
    vi.spyOn(t.app.services.users, 'listProvisioned').mockImplementationOnce(failing as never);
    vi.spyOn(t.app.services.users, 'list').mockImplementationOnce(failing as never);

    const fromScim = await scim('GET', '/Users');
    expect(fromScim.statusCode).toBe(500);
    expect(fromScim.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '500' });
    const fromApi = await api.call(admin, userEndpoints.list, { query: {} });
    expect(fromApi.statusCode).toBe(500);

    const lines = log
      .text()
      .split('\n')
      .filter((line) => line.includes('request failed'));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      // What an operator needs is there: the statement, the database's code, where it was thrown.
      expect(line).toContain('Failed query: select $1::int');
      expect(line).toContain('22P02');
      expect(line).toContain(' at ');
    }
    expect(log.text()).not.toContain(secret);
  });
});
