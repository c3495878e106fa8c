import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { noRouteError, sendError } from './errors';

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/auth/') || url === '/auth';
/**
 * A file the build did not make (an asset of an older deploy, a typo) is a 404: answered with the
 * SPA's HTML, a script tag would run HTML as JavaScript. Routes have no extension.
 */
const isFilePath = (url: string) => url.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(url);

/** Hashed file names change with their content, so a year is safe; anything else revalidates. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA: hashed assets cached for a year, index.html for every other GET (history
 * fallback, so /mi-cuenta reloads), and a JSON 404 under /api and /auth. Text files are sent
 * as the brotli or gzip copy the build wrote beside them (scripts/client-build.ts), whichever
 * the browser accepts, so nothing is compressed per request.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Ours below; `send`'s own (public, max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? IMMUTABLE : 'no-cache');
        // The same URL answers br, gzip or identity: caches must key on Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    if (hasClient && !isApiPath(url) && !isFilePath(url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // A known path under another method is 405 with Allow, not 404.
    return sendError(reply, noRouteError(request));
  });
}
