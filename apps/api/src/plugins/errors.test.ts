import { ERROR_MESSAGES } from '@skyvault/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/errors.js';
import { errorsPlugin } from './errors.js';

/** A small app with the real error handler and routes that fail in each way a real one can. */
describe('error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post(
      '/validate',
      {
        schema: {
          body: z.object({
            name: z.string({ error: 'Name is required' }).min(4, 'Name should have at least 4 symbols'),
            data: z.object({ urls: z.array(z.url('URL should be valid')) }),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/app-error', async () => {
      throw new AppError('CONFLICT', 'Name is taken', { fields: { name: 'Name is taken' } });
    });
    app.get('/crash', async () => {
      throw new Error('secret-db-password in a stack trace');
    });
    // A lock conflict as the ORM hands it on: its own message (with the query), the driver's as the cause.
    app.get('/busy/:code', async (request) => {
      const { code } = request.params as { code: string };
      throw new Error('Failed query: update groups set name = $1\nparams: secret-param', {
        cause: Object.assign(new Error('deadlock detected'), { code }),
      });
    });
    app.get('/bad-response', { schema: { response: { 200: z.object({ id: z.string() }) } } }, async () => ({
      id: 1,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers validation errors with the schema message per field path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/validate',
      payload: { name: 'ab', data: { urls: ['nope'] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Name should have at least 4 symbols',
      fields: { name: 'Name should have at least 4 symbols', 'data.urls.0': 'URL should be valid' },
    });
  });

  it('names a missing field with its required message', async () => {
    const res = await app.inject({ method: 'POST', url: '/validate', payload: { data: { urls: [] } } });
    expect(res.json().fields).toEqual({ name: 'Name is required' });
  });

  it('answers malformed JSON and a wrong content type as client errors, not 500', async () => {
    for (const [payload, contentType, statusCode, code] of [
      ['{"name":', 'application/json', 400, 'BAD_REQUEST'],
      ['x', 'text/csv', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/validate',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode).toBe(statusCode);
      expect(res.json()).toMatchObject({ code });
    }
  });

  it.each([
    ['a deadlock', '40P01'],
    ['a lock time-out', '55P03'],
    ['a serialization failure', '40001'],
  ])('answers %s as 503 DATABASE_BUSY with Retry-After, never 500', async (_, code) => {
    const res = await app.inject({ method: 'GET', url: `/busy/${code}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({
      statusCode: 503,
      code: 'DATABASE_BUSY',
      message: ERROR_MESSAGES.DATABASE_BUSY,
      retryAfter: 1,
    });
    expect(res.body).not.toMatch(/update groups|secret-param|deadlock/);
  });

  it('passes typed errors through with their fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Name is taken',
      fields: { name: 'Name is taken' },
    });
  });

  it('hides the details of unexpected errors behind a request id', async () => {
    for (const url of ['/crash', '/bad-response']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        message: expect.any(String),
        requestId: expect.any(String),
      });
      expect(res.body).not.toContain('secret-db-password');
    }
  });
});
