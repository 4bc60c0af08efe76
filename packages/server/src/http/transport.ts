/**
 * Transport rules (spec section 8): TLS 1.2 minimum when the server terminates
 * TLS itself; behind a TLS-terminating proxy in production, plain-HTTP requests
 * (X-Forwarded-Proto: http) are refused with 403 and no data. Security headers
 * and the request id go on every response.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { SecureServerOptions } from 'node:http2';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { ApiError } from '../errors/api-error.js';
import { INTERNAL_PRINCIPAL_HEADER, isInternalRequest } from './internal-requests.js';

export function httpsOptions(config: Pick<Config, 'tls'>): SecureServerOptions | undefined {
  if (!config.tls) return undefined;
  return {
    cert: readFileSync(config.tls.certFile),
    key: readFileSync(config.tls.keyFile),
    minVersion: 'TLSv1.2',
  };
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function of
 * the hop (Fastify 5 refuses to trust anything for a bare number): the socket's
 * peer is hop 0, the rightmost X-Forwarded-For entry hop 1, and so on; the
 * client address is the first entry, from the right, that is not trusted.
 * Addresses and CIDR ranges are trusted wherever they appear in the chain.
 */
export function fastifyTrustProxy(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return setting.addresses;
}

/** Probes from the load balancer arrive without X-Forwarded-Proto and carry no data. */
const PROBES = new Set(['/healthz', '/readyz']);

/** The security headers of every response. */
export function securityHeaders(config: Pick<Config, 'tls' | 'environment'>): Record<string, string> {
  const https = Boolean(config.tls) || config.environment === 'production';
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function registerTransport(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  const plainRefused = config.environment === 'production' && !config.tls;
  // While the server drains (SIGTERM), a request that still arrives on an open connection
  // is refused with our 503 body (Fastify's own return503OnClosing answer is off, app.ts).
  let closing = false;
  // Connections that have not sent a request yet (a client's spare, pre-opened connection, as
  // fetch opens after an aborted event stream): Node's closeIdleConnections leaves them open until
  // headersTimeout, so closing would wait a minute for them. Nothing is in flight on them.
  const unused = new Set<Socket>();
  app.server.on(config.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  const used = (request: IncomingMessage) => unused.delete(request.socket);
  app.server.on('request', used);
  app.server.on('upgrade', used);
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of unused) socket.destroy();
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.headers(headers);
    if (closing) {
      reply.header('connection', 'close');
      return done(new ApiError('service_unavailable', 'The server is shutting down; retry.', [], { 'retry-after': '1' }));
    }
    // An internal request (http/internal-requests.ts) comes from a request that passed this check already.
    if (
      plainRefused &&
      request.protocol !== 'https' &&
      !PROBES.has(request.url.split('?')[0] ?? '') &&
      !isInternalRequest(request.headers[INTERNAL_PRINCIPAL_HEADER])
    ) {
      return done(new ApiError('https_required', 'HTTPS is required; plain HTTP is refused.'));
    }
    done();
  });
}
