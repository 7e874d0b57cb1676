import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { isApiRequest } from './security.js';

/** The built console: beside the bundle (dist/console) or apps/console/dist in the workspace. */
export function findConsoleDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.CONSOLE_DIR,
    path.join(here, 'console'),
    path.resolve(here, '..', '..', 'console', 'dist'),
    path.resolve(here, '..', '..', '..', 'console', 'dist'),
  ].filter((p): p is string => Boolean(p));
  return candidates.find((p) => existsSync(path.join(p, 'index.html'))) ?? null;
}

/**
 * Serves the console and answers unknown paths: API paths get the JSON 404, every other GET gets the
 * console's index.html so that its router can take over (deep links, reloads).
 */
export const consolePlugin = fp(
  async (app: FastifyInstance) => {
    const root = findConsoleDir();
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          // File names under assets/ carry a content hash: they never change.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        root && (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request);
      if (isPage && !path.extname(request.url.split('?')[0] ?? '')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      throw new AppError('NOT_FOUND', `No such path: ${request.method} ${request.url.split('?')[0]}`);
    });
  },
  { name: 'console' },
);
