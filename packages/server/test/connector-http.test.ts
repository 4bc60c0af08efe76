/**
 * The connectors' one HTTP client (src/connectors/http.ts) against a real
 * local HTTP server: retries carry the same idempotency key, a refused
 * connection is "unreachable" (the routing may fall back), a timeout after
 * connecting is "outcome unknown" (it may not), and every attempt is counted
 * per connector and outcome.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { ConnectorHttpClient, ConnectorOutcomeUnknown, ConnectorUnreachable } from '../src/connectors/http.js';
import { closedPort, fakeProcessor } from './support/test-connector.js';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function counted(registry: Registry, outcome: string): Promise<number> {
  const metric = await registry.getSingleMetric('pasarela_connector_requests_total')!.get();
  return metric.values.find((v) => v.labels.connector === 'acme' && v.labels.outcome === outcome)?.value ?? 0;
}

describe('the connector HTTP client', () => {
  it('retries a 503 with the same idempotency key and answers the success', async () => {
    let calls = 0;
    const server = await fakeProcessor(() => (++calls === 1 ? { status: 503, body: { error: 'busy' } } : { status: 200, body: { id: 'ch_1' } }));
    servers.push(server);
    const registry = new Registry();
    const client = new ConnectorHttpClient(registry, { retries: 2, backoffMs: 0, timeoutMs: 2000 });
    const response = await client.send({ connector: 'acme', method: 'POST', url: `${server.url}/charges`, body: { amount: 100 }, idempotencyKey: 'pay-1' });
    expect(response).toMatchObject({ status: 200, json: { id: 'ch_1' }, attempts: 2 });
    expect(server.received.map((r) => r.headers['idempotency-key'])).toEqual(['pay-1', 'pay-1']);
    expect(JSON.parse(server.received[1]!.body)).toEqual({ amount: 100 });
    expect(await counted(registry, '5xx')).toBe(1);
    expect(await counted(registry, '2xx')).toBe(1);
    const duration = await registry.getSingleMetric('pasarela_connector_request_duration_seconds')!.get();
    expect(
      duration.values.find(
        (v) => (v as { metricName?: string }).metricName === 'pasarela_connector_request_duration_seconds_count' && v.labels.connector === 'acme',
      )?.value,
    ).toBe(2);
  });

  it('answers a 4xx at once, without retrying', async () => {
    const server = await fakeProcessor(() => ({ status: 402, body: { decline: 'card_declined' } }));
    servers.push(server);
    const client = new ConnectorHttpClient(new Registry(), { retries: 3, backoffMs: 0 });
    const response = await client.send({ connector: 'acme', method: 'POST', url: `${server.url}/charges`, idempotencyKey: 'pay-2' });
    expect(response).toMatchObject({ status: 402, attempts: 1 });
    expect(server.received).toHaveLength(1);
  });

  it('throws ConnectorUnreachable when no attempt could connect (after its retries)', async () => {
    const registry = new Registry();
    const client = new ConnectorHttpClient(registry, { retries: 1, backoffMs: 0 });
    const sent = client.send({ connector: 'acme', method: 'POST', url: `http://127.0.0.1:${await closedPort()}/charges`, idempotencyKey: 'pay-3' });
    await expect(sent).rejects.toBeInstanceOf(ConnectorUnreachable);
    expect(await counted(registry, 'unreachable')).toBe(2);
  });

  it('throws ConnectorOutcomeUnknown after a timeout once connected, having retried with the same key', async () => {
    const server = await fakeProcessor(() => undefined);
    servers.push(server);
    const registry = new Registry();
    const client = new ConnectorHttpClient(registry, { retries: 1, backoffMs: 0, timeoutMs: 100 });
    const sent = client.send({ connector: 'acme', method: 'POST', url: `${server.url}/charges`, idempotencyKey: 'pay-4' });
    await expect(sent).rejects.toBeInstanceOf(ConnectorOutcomeUnknown);
    expect(server.received.map((r) => r.headers['idempotency-key'])).toEqual(['pay-4', 'pay-4']);
    expect(await counted(registry, 'timeout_or_reset')).toBe(2);
  });
});
