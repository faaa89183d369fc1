import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * How long a browser keeps a file of the web app: the build names every file under assets/ by a
 * hash of its content, so one never changes and is kept for a year without asking again; the rest
 * (index.html, which names the current ones) is asked again each time, answered 304 when unchanged.
 */
export function webCacheControl(filePath: string): string {
  return filePath.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Serves the built web app; unknown non-API paths get index.html so the client router decides. */
export async function registerWeb(app: FastifyInstance, webDir: string): Promise<boolean> {
  if (!existsSync(join(webDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (res, filePath) => res.setHeader('cache-control', webCacheControl(filePath)),
  });
  return true;
}
