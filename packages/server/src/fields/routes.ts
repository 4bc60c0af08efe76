/**
 * Serves the embedded-fields SDK (spec 4.8, docs/fields.md) from the built
 * packages/fields/dist: /fields/v1/sdk.js for merchant pages,
 * /fields/v1/frame.html + frame.js (the iframe that holds the card inputs),
 * /fields/v1/card-form.js, and the scripts of the gateway's hosted pages
 * (/fields/v1/hosted/checkout.js, enrollment.js: links/templates.ts).
 *
 * Headers differ from the API's defaults (http/transport.ts): the frame must
 * be embeddable by any merchant (frame-ancestors *, no X-Frame-Options) and
 * may run only our script and talk only to us; the scripts are cacheable and
 * loadable from any origin. Files are read once at start; a missing build
 * answers 503 instead of failing the whole gateway.
 *
 * The frame shows a card payment's 3-D Secure page inside itself
 * (packages/fields/src/frame/challenge.ts): the gateway's own (the sandbox
 * issuer's challenge, the return page a processor sends the cardholder back
 * to) or a processor's. Its `frame-src` names exactly those origins: 'self',
 * the gateway's public origin (PUBLIC_BASE_URL, where those pages' addresses
 * point; the frame is told it in `data-gateway`), and the authentication
 * origins of the connectors registered in this process
 * (connectors/registry.ts `authenticationOrigins`). One header per process.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { builtAssetsDir } from '../lib/built-assets.js';
import { html } from '../lib/html.js';

// packages/fields/dist in this repository, assets/fields/ in the published package (lib/built-assets.ts).
const DEFAULT_DIST = builtAssetsDir('fields');

/** The frame's CSP; `frameSources`: the origins whose pages it may show inside itself besides its own (3-D Secure). */
export function frameCsp(frameSources: readonly string[] = []): string {
  const frameSrc = ["'self'", ...new Set(frameSources)].join(' ');
  return `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors *; frame-src ${frameSrc}; base-uri 'none'; form-action 'none'`;
}

/** The frame's page; `gatewayOrigin`: the gateway's public origin, whose 3-D Secure pages the frame shows at its own address. */
const frameHtml = (gatewayOrigin: string | undefined) => html`<!doctype html>
<html lang="es"${gatewayOrigin ? html` data-gateway="${gatewayOrigin}"` : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pasarela</title>
<style>html,body{margin:0;padding:0;background:transparent}</style>
<script src="frame.js" defer></script>
</head><body><main id="pasarela-fields"></main></body></html>
`;

export interface FieldsRouteOptions {
  /** Where the built bundle is (default packages/fields/dist). */
  distDir?: string;
  /** The gateway's public origin (PUBLIC_BASE_URL's), where its own 3-D Secure pages are. */
  gatewayOrigin?: string;
  /** The origins of the registered connectors' authentication pages (connectors/registry.ts). */
  authenticationOrigins?: readonly string[];
}

interface Asset {
  body: Buffer;
  etag: string;
}

// name -> loadable from any origin (CORS). hosted/: the scripts of the gateway's own pages (links/templates.ts), same origin only.
const ASSETS = { 'sdk.js': true, 'frame.js': false, 'card-form.js': true, 'hosted/checkout.js': false, 'hosted/enrollment.js': false } as const;

function asset(body: Buffer | string): Asset {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return { body: buffer, etag: `"${createHash('sha256').update(buffer).digest('base64url').slice(0, 27)}"` };
}

function send(request: FastifyRequest, reply: FastifyReply, file: Asset | undefined, type: string): FastifyReply {
  if (!file) throw new ApiError('service_unavailable', 'The embedded-fields SDK is not built on this server (run npm run build).');
  reply.type(type).header('cache-control', 'public, max-age=300').header('etag', file.etag);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.send(file.body);
}

export async function fieldsRoutes(app: FastifyInstance, opts: FieldsRouteOptions = {}): Promise<void> {
  const dist = opts.distDir ?? DEFAULT_DIST;
  const files = new Map<string, Asset>();
  for (const name of Object.keys(ASSETS)) {
    try {
      files.set(name, asset(readFileSync(`${dist.replace(/\/?$/, '/')}${name}`)));
    } catch {
      app.log.warn({ file: name, dist }, 'embedded-fields bundle missing: /fields/v1/ answers 503 until it is built');
    }
  }
  const frame = files.has('frame.js') ? asset(frameHtml(opts.gatewayOrigin).value) : undefined;
  const csp = frameCsp([...(opts.gatewayOrigin ? [opts.gatewayOrigin] : []), ...(opts.authenticationOrigins ?? [])]);
  const config = { public: true };
  const schema = { hide: true };

  for (const [name, crossOrigin] of Object.entries(ASSETS)) {
    app.get(`/fields/v1/${name}`, { config, schema }, async (request, reply) => {
      if (crossOrigin) reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      return send(request, reply, files.get(name), 'application/javascript; charset=utf-8');
    });
  }

  app.get('/fields/v1/frame.html', { config, schema }, async (request, reply) => {
    reply.removeHeader('x-frame-options');
    reply.header('content-security-policy', csp);
    return send(request, reply, frame, 'text/html; charset=utf-8');
  });
}
