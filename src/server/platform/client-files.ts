import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A path that names a file rather than a page: anything under /assets/, or a last segment with an
 * extension (.js, .css, .map, .png, .svg, .woff2, .ico, .txt...). Client routes never have one, so
 * a miss on such a path is a 404, not index.html (a stale tab must not parse HTML as a script).
 */
export function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\/[^/]*\.[a-z0-9]{1,10}$/i.test(pathname);
}

/**
 * Serves the built client from disk on every request: files as they are now (a rebuild under a
 * running server is picked up), index.html for client routes. Hashed assets are cached for a
 * year; index.html is revalidated every time.
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = path.resolve(clientDir);
  // serve: false: no route of its own (a `/*` route would catch unknown /api paths before the
  // JSON 404); the not-found handler below decides, and reply.sendFile streams from disk.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (['index.html', 'portal.html', 'vendor-form.html'].includes(path.basename(filePath))) res.header('Cache-Control', 'no-cache');
    },
  });
}

/** The file under the client folder a GET names, or null when there is none on disk now. */
async function existingFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = path.resolve(root, `.${decoded}`);
  if (!file.startsWith(`${root}${path.sep}`)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? path.relative(root, file) : null;
}

/** /portal and every page under it belong to the customer portal's entry. */
export function isPortalPage(pathname: string): boolean {
  return pathname === '/portal' || pathname.startsWith('/portal/');
}

/** For GET and HEAD outside /api: the file on disk, a JSON 404 for a missing file, portal.html for the portal, else index.html. */
export async function sendClientFile(
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
  notFound: () => FastifyReply,
): Promise<FastifyReply> {
  const pathname = request.url.split('?')[0] ?? '/';
  const file = await existingFile(path.resolve(clientDir), pathname);
  if (file) return reply.code(200).sendFile(file);
  if (looksLikeFile(pathname)) return notFound();
  // The customer portal is its own app (portal.html): a customer never loads the staff app.
  if (isPortalPage(pathname)) return reply.code(200).sendFile('portal.html');
  // The vendor's W-9 form (issue 32) is its own entry too.
  if (pathname === '/vendor-form') return reply.code(200).sendFile('vendor-form.html');
  // The client router decides what to show (its own 404 page for unknown paths).
  return reply.code(200).sendFile('index.html');
}
