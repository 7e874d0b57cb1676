import type { IncomingMessage } from 'node:http';

/**
 * The route pattern of a request that a router other than Fastify's answered (the OAuth server under
 * its one wildcard route): the metrics label it by this pattern rather than by the wildcard, and never
 * by its path, whose ids and codes would make a series each.
 */
const patterns = new WeakMap<IncomingMessage, string>();

export function setRoutePattern(request: IncomingMessage, pattern: string): void {
  patterns.set(request, pattern);
}

export function routePatternOf(request: IncomingMessage): string | undefined {
  return patterns.get(request);
}
