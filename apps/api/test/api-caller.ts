import {
  buildPath,
  buildSearch,
  type EndpointDef,
  type EndpointInput,
  type EndpointResponse,
  type ErrorBody,
} from '@skyvault/contract';
import type { LightMyRequestResponse } from 'fastify';
import { call, type TestApp, type TestUser } from './app.js';

/** The methods tests send by hand. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** An answer to a call of a contract endpoint. */
export interface ApiAnswer<E extends EndpointDef> extends LightMyRequestResponse {
  /** The success body, checked and typed by the endpoint's response schema; throws on an error answer. */
  result(): EndpointResponse<E>;
  /** The error body of a refused call; throws on a success. */
  refusal(): ErrorBody;
}

/** Where the call comes from: the caller's default address unless named. */
type From = { from?: string };
type CallArgs<E extends EndpointDef> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` asks "are all options optional?"
  {} extends EndpointInput<E> ? [input?: EndpointInput<E> & From] : [input: EndpointInput<E> & From];

const isSuccess = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

function answerOf<E extends EndpointDef>(
  endpoint: E,
  url: string,
  res: LightMyRequestResponse,
): ApiAnswer<E> {
  const describe = () => `${endpoint.method} ${url} answered ${res.statusCode}: ${res.body}`;
  return Object.assign(res, {
    result(): EndpointResponse<E> {
      if (!isSuccess(res)) throw new Error(describe());
      if (!endpoint.response || res.statusCode === 204) return undefined as EndpointResponse<E>;
      return endpoint.response.parse(res.json()) as EndpointResponse<E>;
    },
    refusal(): ErrorBody {
      if (isSuccess(res)) throw new Error(describe());
      return res.json<ErrorBody>();
    },
  });
}

/**
 * Calls of the API as a test user (null: signed out), with the console's CSRF header. `call` takes an
 * endpoint of the contract and types its params, query, body and answer; `send` takes any method,
 * address and payload, for the tests that send what the contract would not let through (wrong types,
 * unknown fields, addresses no endpoint has). Each call comes from an address of its own unless the
 * caller was given one (`from`) or the call names one.
 */
export function apiCaller(t: TestApp, defaults: From = {}) {
  const remote = (from?: string) => {
    const address = from ?? defaults.from;
    return address ? { remoteAddress: address } : {};
  };
  return {
    async call<E extends EndpointDef>(
      user: TestUser | null,
      endpoint: E,
      ...[input]: CallArgs<E>
    ): Promise<ApiAnswer<E>> {
      const { params, query, body, from } = (input ?? {}) as {
        params?: Record<string, unknown>;
        query?: unknown;
        body?: unknown;
        from?: string;
      };
      const url = buildPath(endpoint.path, params) + buildSearch(query);
      const res = await call(t, {
        method: endpoint.method,
        url,
        ...(body === undefined ? {} : { payload: body as object }),
        cookie: user?.cookie,
        ...remote(from),
      });
      return answerOf(endpoint, url, res);
    },

    send(user: TestUser | null, method: Method, url: string, payload?: object, from?: string) {
      return call(t, { method, url, payload, cookie: user?.cookie, ...remote(from) });
    },
  };
}

export type ApiCaller = ReturnType<typeof apiCaller>;
