import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy may pass on: short, and of the characters ids are made of, so that it cannot forge
 * a log line or smuggle markup into an answer.
 */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Whether the peer is one of the proxies TRUST_PROXY names (addresses or ranges). */
function isListedProxy(address: string | undefined, proxies: string[]): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  const peer = ipaddr.process(address);
  return proxies.some((entry) => {
    try {
      const [range, bits] = entry.includes('/')
        ? ipaddr.parseCIDR(entry)
        : [ipaddr.process(entry), entry.includes(':') ? 128 : 32];
      return range.kind() === peer.kind() && peer.match(range, bits);
    } catch {
      return false;
    }
  });
}

/**
 * Fastify's request ids: the proxy's `X-Request-Id` when the request comes through a trusted proxy
 * (TRUST_PROXY), so that one id follows a request through the proxy's logs and ours; otherwise a new
 * UUID, since a client could otherwise choose the id of its own log lines.
 */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  const trusts = (request: IncomingMessage) => {
    if (Array.isArray(trustProxy)) return isListedProxy(request.socket?.remoteAddress, trustProxy);
    return trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0);
  };
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && ACCEPTABLE_ID.test(given) && trusts(request)) return given;
    return randomUUID();
  };
}

/**
 * Every answer carries its request id (the log's reqId, the error body's requestId). Set on the raw
 * response, so that answers written outside Fastify's reply (the OAuth provider's) carry it too.
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id' },
);
