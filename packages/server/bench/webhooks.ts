/**
 * The webhook delivery latency case: a local receiver (a plain node:http
 * server on 127.0.0.1 in the bench process, answering 200 at once) and the
 * analysis of what it received.
 *
 * Latency of one delivery = the moment the receiver has the whole request
 * (Date.now() when the body ends) − the event's `time` (its `created_at`,
 * stamped by the server inside the transaction that records the state change,
 * the event and its delivery job, just before that transaction commits). Both
 * are read from the same machine's wall clock, in milliseconds.
 *
 * Signatures are checked after the run (not while receiving, so that the
 * check costs the receiver nothing) with the official `standardwebhooks`
 * library, the same check a merchant's receiver makes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got: when its body ended (ms since the epoch), its signature headers, its body. */
export interface Delivery {
  at: number;
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };
  body: string;
}

export interface Receiver {
  url: string;
  received: Delivery[];
  close: () => Promise<void>;
}

/** The part of an event the analysis reads. */
interface DeliveredEvent {
  type?: string;
  time: string;
  data?: { payment?: { order_id?: string } };
}

export interface MatchState {
  count: number;
  seen: Set<string>;
}

export type DrainResult = { complete: true; waitedMs: number } | { complete: false; waitedMs: number; why: string };

export interface WebhookAnalysis {
  committed: number;
  received: number;
  missing: number;
  duplicates: number;
  unexpected: number;
  wrongType: number;
  deliveries: number;
  verified: number;
  badSignatures: number;
  badExamples: string[];
  p50: number;
  p99: number;
  max: number;
  min: number | undefined;
  deliveryRate: number;
  lastReceipt: number;
  medianBySecond: number[];
}

/** Starts the receiver; every request is recorded as { at, headers, body } and answered 200 with an empty body. */
export async function startReceiver(): Promise<Receiver> {
  const received: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      response.writeHead(200, { 'content-length': '0' }).end();
      received.push({
        at,
        headers: {
          'webhook-id': String(request.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        },
        body: Buffer.concat(chunks).toString('utf8'),
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bench-hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The order_id of a delivery's event (payment.purchase.* carry data.payment.order_id), or undefined. */
function parse(delivery: Delivery): { event: DeliveredEvent | undefined; orderId: string | undefined } {
  try {
    const event = JSON.parse(delivery.body) as DeliveredEvent | undefined;
    return { event, orderId: event?.data?.payment?.order_id };
  } catch {
    return { event: undefined, orderId: undefined };
  }
}

/** Deliveries so far whose event belongs to one of `orders` (a Set of order_id). */
export function countMatching(received: Delivery[], orders: Set<string>, from = 0, state: MatchState = { count: 0, seen: new Set() }): MatchState {
  for (let i = from; i < received.length; i++) {
    const delivery = received[i];
    if (!delivery) continue;
    const { orderId } = parse(delivery);
    if (orderId !== undefined && orders.has(orderId) && !state.seen.has(orderId)) {
      state.seen.add(orderId);
      state.count++;
    }
  }
  return state;
}

/**
 * Waits until every order in `orders` has a delivery, or `maxSeconds` have
 * passed, or no delivery at all has arrived for `stallSeconds`.
 */
export async function drain(
  received: Delivery[],
  orders: Set<string>,
  { maxSeconds, stallSeconds }: { maxSeconds: number; stallSeconds: number },
): Promise<DrainResult> {
  const started = Date.now();
  let scanned = 0;
  let state: MatchState = { count: 0, seen: new Set() };
  let lastCount = received.length;
  let lastProgress = Date.now();
  for (;;) {
    state = countMatching(received, orders, scanned, state);
    scanned = received.length;
    if (state.count >= orders.size) return { complete: true, waitedMs: Date.now() - started };
    if (received.length !== lastCount) {
      lastCount = received.length;
      lastProgress = Date.now();
    }
    if (Date.now() - started > maxSeconds * 1000) return { complete: false, waitedMs: Date.now() - started, why: `gave up after ${maxSeconds} s` };
    if (Date.now() - lastProgress > stallSeconds * 1000)
      return { complete: false, waitedMs: Date.now() - started, why: `nothing arrived for ${stallSeconds} s` };
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pctOf = (sorted: number[], p: number): number =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN) : NaN;

/**
 * Latencies and counts of the deliveries of the events of `orders` (a Set of the order_id of
 * every intent answered 2xx, i.e. every event committed). Percentiles are over every event
 * committed: an event never delivered counts as infinitely late, so it can
 * only push a percentile up (the percentile is then reported as not reached).
 */
export function analyse({
  received,
  orders,
  secret,
  eventType,
}: {
  received: Delivery[];
  orders: Set<string>;
  secret: string;
  eventType: string;
}): WebhookAnalysis {
  const webhook = new Webhook(secret);
  const firstAt = new Map<string, number>();
  const latencies: number[] = [];
  let duplicates = 0;
  let unexpected = 0;
  let wrongType = 0;
  let verified = 0;
  let badSignatures = 0;
  const badExamples: string[] = [];
  let firstReceipt = Infinity;
  let lastReceipt = -Infinity;
  const arrivals: { at: number; eventAt: number; latency: number }[] = [];
  for (const d of received) {
    const { event, orderId } = parse(d);
    try {
      webhook.verify(d.body, d.headers);
      verified++;
    } catch (error) {
      badSignatures++;
      if (badExamples.length < 3) badExamples.push(`${d.headers['webhook-id'] || '(no webhook-id)'}: ${(error as Error).message}`);
    }
    if (event === undefined || orderId === undefined || !orders.has(orderId)) {
      unexpected++;
      continue;
    }
    if (event.type !== eventType) wrongType++;
    if (firstAt.has(orderId)) {
      duplicates++;
      continue;
    }
    const latency = d.at - Date.parse(event.time);
    firstAt.set(orderId, d.at);
    latencies.push(latency);
    arrivals.push({ at: d.at, eventAt: Date.parse(event.time), latency });
    firstReceipt = Math.min(firstReceipt, d.at);
    lastReceipt = Math.max(lastReceipt, d.at);
  }
  const missing = orders.size - firstAt.size;
  const sorted = [...latencies].sort((a, b) => a - b);
  // Every committed event, the undelivered ones as +Infinity.
  const all = sorted.concat(Array.from({ length: missing }, () => Infinity));
  // Delivery throughput while the backlog was draining: arrivals per second between the first and the last one.
  const spanS = (lastReceipt - firstReceipt) / 1000;
  // Latency over the run, by second of event time (shows a backlog growing when delivery is slower than the events).
  arrivals.sort((a, b) => a.eventAt - b.eventAt);
  const bySecond: (number[] | undefined)[] = [];
  if (arrivals[0]) {
    const t0 = arrivals[0].eventAt;
    for (const a of arrivals) {
      const s = Math.floor((a.eventAt - t0) / 1000);
      (bySecond[s] ??= []).push(a.latency);
    }
  }
  return {
    committed: orders.size,
    received: firstAt.size,
    missing,
    duplicates,
    unexpected,
    wrongType,
    deliveries: received.length,
    verified,
    badSignatures,
    badExamples,
    p50: pctOf(all, 50),
    p99: pctOf(all, 99),
    max: missing ? Infinity : (sorted[sorted.length - 1] ?? NaN),
    min: sorted[0],
    deliveryRate: spanS > 0 ? (firstAt.size - 1) / spanS : NaN,
    lastReceipt,
    medianBySecond: Array.from(bySecond, (l) =>
      l
        ? pctOf(
            l.sort((a, b) => a - b),
            50,
          )
        : NaN,
    ),
  };
}
