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

  it('takes the session the page came with, without a call, once', async () => {
    const fetchMock = stubFetch({ 'GET /api/v1/auth/session': { body: adminUser } });
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'session';
    element.textContent = JSON.stringify(adminUser);
    document.head.append(element);
    await expect(startSessionCheck()).resolves.toEqual(adminUser);
    expect(initialData()).toEqual(adminUser);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('session')).toBeNull();
    // A later check asks the server.
    await expect(startSessionCheck()).resolves.toEqual(adminUser);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    initialData();
  });

  it('asks the server when the session in the page is not one', async () => {
    const fetchMock = stubFetch({ 'GET /api/v1/auth/session': { body: adminUser } });
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'session';
    element.textContent = JSON.stringify({ id: 1 });
    document.head.append(element);
    await expect(startSessionCheck()).resolves.toEqual(adminUser);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    initialData();
  });
});
