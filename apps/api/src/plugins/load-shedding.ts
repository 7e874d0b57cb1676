import underPressure from '@fastify/under-pressure';
import { ERROR_MESSAGES, type ErrorBody } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { LIVENESS_PATH } from './health.js';

/**
 * Load shedding: while the event loop lags past LOAD_SHED_EVENT_LOOP_DELAY (or is busier than
 * LOAD_SHED_EVENT_LOOP_UTILIZATION), new requests get 503 with Retry-After at once, in the API's
 * error shape, rather than queueing until every caller times out; a load balancer sends them to
 * another process meanwhile. Liveness still answers: a busy process is not a dead one.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const { maxEventLoopDelayMs, maxEventLoopUtilization, retryAfterSeconds } = config.loadShedding;
    if (maxEventLoopDelayMs === 0 && maxEventLoopUtilization === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxEventLoopUtilization,
      // The share of the last interval, not since the start: load now is what matters.
      eventLoopUtilizationMode: 'interval',
      retryAfter: retryAfterSeconds,
      // Answers here rather than through the error handler: a shed request is not a failure to log
      // as one. Awaiting the reply ends the request's hooks once the answer is out.
      pressureHandler: async (request, reply, type, value) => {
        if (request.routeOptions.url === LIVENESS_PATH) return;
        // An interval with no sample at all (one synchronous stretch longer than the interval, as
        // while the app starts) reads as an infinite delay: that is no measure of load.
        if (type === underPressure.TYPE_EVENT_LOOP_DELAY && value === Number.POSITIVE_INFINITY) return;
        request.log.warn({ pressure: type, value }, 'request shed under load');
        const body: ErrorBody = {
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
          retryAfter: retryAfterSeconds,
          requestId: request.id,
        };
        await reply
          .code(503)
          .header('retry-after', String(retryAfterSeconds))
          .type('application/json; charset=utf-8')
          .send(body);
      },
    });
  },
  { name: 'load-shedding' },
);
