/**
 * Prometheus metrics: request counts and latency histograms by route and status,
 * plus the process defaults. Each app gets its own registry so tests can run
 * several apps in one process.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

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

/** The request duration histogram's upper bounds, in seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One method, route and status: its count, and its durations by bucket (each bucket its own, not cumulative). */
interface RequestSeries {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  buckets: number[];
}

/** A metric as the registry reads it (prom-client's `get()`), for the two below that keep their own numbers. */
interface CollectedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: MetricValue[] }>;
}
interface MetricValue {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName?: string;
}

/**
 * `pasarela_http_requests_total` and `pasarela_http_request_duration_seconds`, counted
 * per request in plain numbers and handed to the registry when it is scraped, in the text
 * prom-client writes for a Counter and a Histogram. Their own `inc` and `observe` check
 * the labels and hash them again on every call, even through `labels()`: on
 * GET /v1/payments/{id} that was about 3% of the server's CPU (docs/benchmarks-history.md, "2026-11-29").
 */
export function instrumentRequests(app: FastifyInstance, metrics: Metrics): void {
  const series = new Map<string, RequestSeries>();
  const all = () => [...series.values()];
  const requests: CollectedMetric = {
    name: 'pasarela_http_requests_total',
    help: 'HTTP requests by method, route and status.',
    type: 'counter',
    aggregator: 'sum',
    get: () => Promise.resolve({ ...metricHead(requests), values: all().map((one) => ({ labels: one.labels, value: one.count })) }),
  };
  const duration: CollectedMetric = {
    name: 'pasarela_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status.',
    type: 'histogram',
    aggregator: 'sum',
    get: () => Promise.resolve({ ...metricHead(duration), values: all().flatMap((one) => histogramValues(duration.name, one)) }),
  };
  for (const metric of [requests, duration]) metrics.registry.registerMetric(metric as unknown as Metric);
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL, so ids do not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let one = series.get(key);
    if (!one) {
      one = { labels: { method: request.method, route, status: String(reply.statusCode) }, count: 0, sum: 0, buckets: DURATION_BUCKETS.map(() => 0) };
      series.set(key, one);
    }
    const seconds = reply.elapsedTime / 1000;
    one.count += 1;
    one.sum += seconds;
    const bucket = DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) one.buckets[bucket]! += 1;
    done();
  });
}

function metricHead(metric: CollectedMetric) {
  return { name: metric.name, help: metric.help, type: metric.type, aggregator: metric.aggregator };
}

/** A histogram's lines for one series, as prom-client's Histogram writes them: cumulative buckets, +Inf, sum, count. */
function histogramValues(name: string, one: RequestSeries): MetricValue[] {
  let cumulative = 0;
  const values: MetricValue[] = DURATION_BUCKETS.map((bound, i) => {
    cumulative += one.buckets[i]!;
    return { labels: { le: bound }, sharedLabels: one.labels, value: cumulative, metricName: `${name}_bucket` };
  });
  values.push(
    { labels: { le: '+Inf' }, sharedLabels: one.labels, value: one.count, metricName: `${name}_bucket` },
    { labels: {}, sharedLabels: one.labels, value: one.sum, metricName: `${name}_sum` },
    { labels: {}, sharedLabels: one.labels, value: one.count, metricName: `${name}_count` },
  );
  return values;
}
