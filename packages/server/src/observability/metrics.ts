/**
 * Prometheus metrics: request counts and latency histograms by route and status,
 * plus the process defaults. Each app gets its own registry so tests can run
 * several apps in one process.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  jobsCompleted: Counter<'type' | 'outcome'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const jobsCompleted = new Counter({
    name: 'pasarela_jobs_total',
    help: 'Background jobs run, by type and outcome.',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  return { registry, jobsCompleted };
}

export function instrumentRequests(app: FastifyInstance, metrics: Metrics): void {
  const requests = new Counter({
    name: 'pasarela_http_requests_total',
    help: 'HTTP requests by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'pasarela_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  // The series of one method, route and status, looked up once: prom-client hashes the labels on every call otherwise.
  const series = new Map<string, { count: Counter.Internal; time: Histogram.Internal<'method' | 'route' | 'status'> }>();
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL, so ids do not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let one = series.get(key);
    if (!one) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      one = { count: requests.labels(labels), time: duration.labels(labels) };
      series.set(key, one);
    }
    one.count.inc();
    one.time.observe(reply.elapsedTime / 1000);
    done();
  });
}
