/**
 * Serves the dashboard's single-page app (packages/dashboard, built by
 * `npm run build` into packages/dashboard/dist) at /dashboard/: a file when
 * the path names one, else index.html, so the app's own routes
 * (/dashboard/payments/pay-...) load it. Vite's hashed files under assets/
 * are cached for a year; index.html is revalidated each time. The page may
 * run only our scripts and styles (CSP). Files are read once at start; a
 * missing build answers a 503 page that says how to build it (to a browser;
 * anything else gets the API's `503 service_unavailable` body).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { builtAssetsDir } from '../lib/built-assets.js';

// packages/dashboard/dist in this repository, assets/dashboard/ in the published package (lib/built-assets.ts).
const DEFAULT_DIST = builtAssetsDir('dashboard');

export const DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

interface File {
  body: Buffer;
  etag: string;
  type: string;
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pasarela dashboard: not built</title></head>
<body><main><h1>The dashboard is not built on this server</h1>
<p>The gateway serves the dashboard from <code>packages/dashboard/dist</code>, which does not exist yet.
Run <code>npm run build</code> in the repository, then start the gateway again.</p>
<p>The API answers meanwhile: see <a href="/docs">/docs</a>.</p></main></body></html>
`;

function walk(dir: string, root = dir, out = new Map<string, File>()): Map<string, File> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, root, out);
    else {
      const body = readFileSync(path);
      out.set(relative(root, path).split(sep).join('/'), {
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        type: TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
      });
    }
  }
  return out;
}

export async function dashboardStaticRoutes(app: FastifyInstance, opts: { distDir?: string } = {}): Promise<void> {
  const dist = opts.distDir ?? DEFAULT_DIST;
  let files = new Map<string, File>();
  try {
    files = walk(dist);
  } catch {
    // Reported below.
  }
  const index = files.get('index.html');
  if (!index) app.log.warn({ dist }, 'dashboard not built: /dashboard/ answers 503 until `npm run build`');
  const config = { public: true };
  const schema = { hide: true };

  function send(request: FastifyRequest, reply: FastifyReply, file: File, cache: string): FastifyReply {
    reply.type(file.type).header('cache-control', cache).header('etag', file.etag);
    if (file.type.startsWith('text/html')) reply.header('content-security-policy', DASHBOARD_CSP);
    else reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.send(request.method === 'HEAD' ? undefined : file.body);
  }

  app.get('/dashboard', { config, schema }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`/dashboard/${query >= 0 ? request.url.slice(query) : ''}`, 302);
  });

  app.get('/dashboard/*', { config, schema }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    // Unknown dashboard API paths are the API's 404, never the app's page.
    if (path === 'api' || path.startsWith('api/')) throw ApiError.notFound('route');
    const file = files.get(path);
    if (file && path !== 'index.html') {
      // Vite names what it builds under assets/ by content hash: they never change.
      return send(request, reply, file, path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    // A missing file is 404; any other path is one of the app's own routes.
    if (path.startsWith('assets/') || extname(path) !== '') throw ApiError.notFound('file');
    if (!index) {
      // A browser gets a page that says what to do; anything else the API's error body.
      if (!(request.headers.accept ?? '').includes('text/html'))
        throw new ApiError('service_unavailable', 'The dashboard is not built on this server (run npm run build).', [], { 'retry-after': '60' });
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('retry-after', '60')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send(NOT_BUILT);
    }
    return send(request, reply, index, 'no-cache');
  });
}
