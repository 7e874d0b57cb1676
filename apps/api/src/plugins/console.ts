import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { noSuchPath, sessionEndpoints } from '@skyvault/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { signedInPageFinder, withSession } from './console-pages.js';
import { isApiRequest } from './security.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
 * RFC 8615's well-known URIs at the site root (`/.well-known/openid-configuration`, `security.txt` …):
 * none is served there (the authorization server's discovery is under /oauth/.well-known/), and a
 * client that probes one must get a 404, not the console's page with 200 that it would try to parse.
 * Matched on the decoded path, as the router matches.
 */
const WELL_KNOWN = /^\/\.well-known(\/|$)/;
const isWellKnown = (url: string) => {
  const pathOnly = url.split('?')[0] ?? '';
  try {
    return WELL_KNOWN.test(decodeURIComponent(pathOnly));
  } catch {
    return WELL_KNOWN.test(pathOnly);
  }
};

/**
 * The session call's answer for a page's request, as the console would get it (the same cookie, address
 * and headers, through the same hooks and checks), or null when it is not a signed-in session's 200.
 */
async function sessionAnswer(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const { 'accept-encoding': _encoding, ...headers } = request.headers;
  const answer = await app.inject({
    method: 'GET',
    url: sessionEndpoints.session.path,
    headers: { ...headers, accept: 'application/json' },
    remoteAddress: request.socket.remoteAddress,
  });
  return answer.statusCode === 200 ? answer.body : null;
}

/**
 * A page with a person's session in it: never kept by a shared cache, nor by the browser (another
 * person may sign in on it), and compressed here, small as it is, as the browser accepts.
 */
function sendPersonal(request: FastifyRequest, reply: FastifyReply, page: string) {
  reply
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}

/**
 * Serves the console and answers unknown paths: API and well-known paths get the JSON 404, every other
 * GET gets the console's index.html so that its router can take over (deep links, reloads). A browser
 * with a session cookie gets the signed-in page of the address (console-pages.ts), with the session
 * call's answer in it when the session is live, so that a cold open starts without that call.
 */
export const consolePlugin = fp(
  async (app: FastifyInstance, { sessionCookie }: { sessionCookie: string }) => {
    const root = findConsoleDir();
    const signedInPage = root ? signedInPageFinder(root) : () => 'index.html';
    // The signed-in pages as built, read once: a session is put into them per request.
    const pages = new Map<string, Promise<string>>();
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each compressible file (console/vite.config.ts): brotli
        // or gzip goes out as the browser accepts, with no compression work per request.
        preCompressed: true,
        // The policy is ours (below): send's own `max-age=0` would make browsers revalidate files
        // that can never change.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Which page a browser gets depends on its session cookie: a cache must not give one
          // browser's to another.
          res.setHeader(
            'vary',
            /\.html(\.br|\.gz)?$/.test(filePath) ? 'accept-encoding, cookie' : 'accept-encoding',
          );
          // File names under assets/ carry a content hash: they never change. Everything else
          // (index.html, icons) may change with a release: revalidated on each use.
          res.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        root &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiRequest(request) &&
        !isWellKnown(request.url);
      if (isPage && !path.extname(request.url.split('?')[0] ?? '')) {
        if (!request.cookies[sessionCookie])
          return reply.header('cache-control', 'no-cache').sendFile('index.html');
        const page = signedInPage(request.url);
        const session = await sessionAnswer(app, request);
        if (session === null) return reply.header('cache-control', 'no-cache').sendFile(page);
        pages.set(page, pages.get(page) ?? readFile(path.join(root, page), 'utf8'));
        return sendPersonal(request, reply, withSession(await pages.get(page)!, session));
      }
      throw new AppError('NOT_FOUND', noSuchPath(request.method, request.url.split('?')[0] ?? ''));
    });
  },
  { name: 'console' },
);
