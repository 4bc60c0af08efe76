/**
 * METRICS_PORT: a second listener, on 127.0.0.1 only, that serves the
 * Prometheus metrics at `/metrics` and nothing else (no token: only this
 * machine reaches it, for a scraper or agent beside the process). The main
 * listener serves `/metrics` only as discovery/routes.ts decides.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';
import { JSON_CONTENT_TYPE } from '../lib/content-types.js';

export interface MetricsListener {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

export function listenMetrics(metrics: Metrics, port: number): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': JSON_CONTENT_TYPE, 'cache-control': 'no-store' });
      response.end(JSON.stringify({ error: { code: 'not_found', message: 'Only /metrics is served here.', details: [] } }));
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': JSON_CONTENT_TYPE });
        response.end(JSON.stringify({ error: { code: 'internal_error', message: 'The metrics could not be collected.', details: [] } }));
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${bound}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
