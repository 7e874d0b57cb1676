import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { sessionQuery, startSessionCheck } from './session.queries';

const initialData = () => (sessionQuery.initialData as () => unknown)();

describe('the early session check', () => {
  it("is the first session query's data once it has answered, and only once", async () => {
    const fetchMock = stubFetch({ 'GET /api/v1/auth/session': { body: adminUser } });
    await startSessionCheck();
    expect(initialData()).toEqual(adminUser);
    // Taken: a later session query (after a logout and a login) asks the server again.
    expect(initialData()).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hands a refusal to the query, which answers with it', async () => {
    stubFetch({
      'GET /api/v1/auth/session': {
        status: 401,
        body: { statusCode: 401, code: 'INVALID_SESSION_EXCEPTION' },
      },
    });
    await expect(startSessionCheck()).resolves.toBeUndefined();
    expect(initialData()).toBeUndefined();
    const queryFn = sessionQuery.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>;
    await expect(queryFn({ signal: new AbortController().signal })).rejects.toMatchObject({ status: 401 });
  });
});
