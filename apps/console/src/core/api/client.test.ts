import { defineEndpoint } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiError, stubFetch } from '../../test/fetchStub';
import { ApiError, callApi } from './client';

const renameApp = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/applications/:id',
  access: 'admin',
  permission: 'applications:write',
  summary: 'Rename',
  params: z.object({ id: z.string() }),
  query: z.object({ notify: z.boolean().optional(), tags: z.array(z.string()).optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), name: z.string() }),
});

describe('callApi', () => {
  it('fills the path, sends the query, the JSON body, the CSRF header and the cookie', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/v1/applications/a%2F1': { body: { id: 'a/1', name: 'Billing' } },
    });
    const result = await callApi(renameApp, {
      params: { id: 'a/1' },
      query: { notify: true, tags: ['x', 'y'] },
      body: { name: 'Billing' },
    });

    expect(result).toEqual({ id: 'a/1', name: 'Billing' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/applications/a%2F1?notify=true&tags=x&tags=y');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'same-origin', body: '{"name":"Billing"}' });
    const headers = init!.headers as Headers;
    expect(headers.get('X-Requested-With')).toBe('skyvault-console');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it("reads a 503's Retry-After from the error body", async () => {
    stubFetch({
      'PATCH /api/v1/applications/a1': {
        status: 503,
        body: { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: 'Retrying…', retryAfter: 5 },
      },
    });
    const error = await callApi(renameApp, { params: { id: 'a1' }, body: { name: 'x' } }).catch(
      (caught) => caught,
    );
    expect(error).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: 5 });
  });

  it('throws ApiError with the fields of the error body', async () => {
    stubFetch({
      'PATCH /api/v1/applications/a1': apiError(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        name: 'Name is required',
      }),
    });
    const error = await callApi(renameApp, { params: { id: 'a1' }, body: { name: '' } }).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Some fields are not valid.',
      fields: { name: 'Name is required' },
    });
  });

  it('keeps the reset code of a forced password change', async () => {
    stubFetch({
      'PATCH /api/v1/applications/a1': {
        status: 403,
        body: {
          statusCode: 403,
          code: 'ForceResetPasswordException',
          message: 'Change it',
          resetCode: 'r-1',
        },
      },
    });
    await expect(callApi(renameApp, { params: { id: 'a1' }, body: { name: 'x' } })).rejects.toMatchObject({
      code: 'ForceResetPasswordException',
      resetCode: 'r-1',
    });
  });

  it('gives a generic message when the error is not our error body', async () => {
    stubFetch({ 'PATCH /api/v1/applications/a1': { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(callApi(renameApp, { params: { id: 'a1' }, body: { name: 'x' } })).rejects.toMatchObject({
      status: 502,
      code: undefined,
      message: 'Something went wrong. Please try again.',
    });
  });

  it('rejects with the AbortError when the call is cancelled', async () => {
    const fetchMock = stubFetch({});
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    const controller = new AbortController();
    controller.abort();
    await expect(
      callApi(renameApp, { params: { id: 'a1' }, body: { name: 'x' }, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports an unreachable server as an ApiError without status', async () => {
    stubFetch({}).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(renameApp, { params: { id: 'a1' }, body: { name: 'x' } })).rejects.toMatchObject({
      status: 0,
      message: 'The server could not be reached. Check your connection and try again.',
    });
  });
});
