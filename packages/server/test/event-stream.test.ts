import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { pay, tokenize } from './support/cards.js';
import { SseStream } from './support/sse.js';
import { eventually } from './support/wait.js';
import { revokeClient } from '../src/auth/clients.store.js';
import type { Config } from '../src/config/config.js';

/** A heartbeat finer than EVENT_STREAM_HEARTBEAT_SECONDS takes (whole seconds): the stream's timer, sooner. */
const heartbeatEvery =
  (ms: number) =>
  (config: Config): Config => ({ ...config, eventStream: { ...config.eventStream, heartbeatMs: ms } });

/**
 * Names the steps of a test that starts its own gateway: when it fails (a timeout included), the
 * failure says which step had not ended, and how long each one that did took.
 */
function stepsOf(onTestFailed: (handler: () => void) => void) {
  const taken: string[] = [];
  let current: string | undefined;
  onTestFailed(() => {
    console.error(`steps: ${taken.join(', ')}${current ? `; not ended: ${current}` : ''}`);
  });
  return async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    current = name;
    const started = performance.now();
    const value = await run();
    taken.push(`${name} ${Math.round(performance.now() - started)} ms`);
    current = undefined;
    return value;
  };
}

interface EventList {
  data: Array<{ id: string; type: string }>;
}

describe.each(dialects)('event stream on $name', (dialect) => {
  let gw: TestGateway;
  const open: SseStream[] = [];

  beforeAll(async () => {
    gw = await startGateway(dialect, { EVENT_STREAM_POLL_MS: '50' });
  });
  afterAll(async () => {
    // The gateway first: its close ends every stream it serves (webhooks/stream.ts, preClose), so no client
    // waits on a read that only the server's end settles (undici may leave one pending after an abort).
    await gw.close();
    await Promise.all(open.map((s) => s.close()));
  });

  async function merchant(): Promise<{ client: TestClient; token: string; card: string }> {
    const client = await gw.client();
    const token = await client.token();
    return { client, token, card: await tokenize(gw, token, { number: '4242424242424242' }) };
  }

  async function stream(token: string, query = '', headers: Record<string, string> = {}): Promise<SseStream> {
    const s = await SseStream.open(`${gw.baseUrl}/v1/events/stream${query}`, token, headers);
    open.push(s);
    return s;
  }

  async function paymentEvents(token: string): Promise<string[]> {
    const list = await gw.request<EventList>('GET', '/v1/events?limit=100', { token });
    return list.body.data.map((e) => e.id).reverse();
  }

  it('sends an event that commits after the stream opened, as GET /v1/events/{id} shows it', async () => {
    const { token, card } = await merchant();
    const s = await stream(token);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    const payment = await pay(gw, token, { instrumentId: card });
    expect(payment.status).toBe(201);
    await eventually(
      async () => s.events.length,
      (n) => n >= 1,
    );
    expect(s.events).toHaveLength(1);
    const [event] = s.events;
    expect(event!.event).toBe('payment.card.approved');
    const stored = await gw.request('GET', `/v1/events/${event!.id}`, { token });
    expect(event!.data).toEqual(stored.body);
    expect((event!.data.data.payment as { id: string }).id).toBe(payment.body.id);
  });

  it('outlives the request timeout, with heartbeats', async ({ onTestFailed }) => {
    // A request timeout below the time the stream stays open, and a heartbeat every 250 ms. The
    // timeout leaves the token request room on a busy machine (it answers 504 past it).
    const step = stepsOf(onTestFailed);
    const own = await step('start the gateway', () => startGateway(dialect, { REQUEST_TIMEOUT_MS: '2000' }, { config: heartbeatEvery(250) }));
    try {
      const client = await own.client();
      const token = await step('take a token', () => client.token());
      const s = await step('open the stream', () => SseStream.open(`${own.baseUrl}/v1/events/stream`, token));
      expect(s.status).toBe(200);
      // Ten heartbeats, 2.5 s after the stream opened: past REQUEST_TIMEOUT_MS, and the stream is still open, with no error in it.
      await step('wait for ten heartbeats', () =>
        eventually(
          async () => s.comments.filter((c) => c === 'ping').length,
          (n) => n >= 10,
        ),
      );
      expect(s.comments.filter((c) => c === 'ping').length).toBeGreaterThanOrEqual(10);
      expect(s.ended).toBe(false);
      expect(s.events).toEqual([]);
      await step('close the stream', () => s.close());
    } finally {
      await step('close the gateway', () => own.close());
    }
  });

  it('ends the stream at a heartbeat once its client is revoked', async ({ onTestFailed }) => {
    // Every heartbeat checks the token against the database (no revocation cache), every 100 ms.
    const step = stepsOf(onTestFailed);
    const own = await step('start the gateway', () => startGateway(dialect, { TOKEN_REVOCATION_CACHE_MS: '0' }, { config: heartbeatEvery(100) }));
    try {
      const client = await own.client();
      const s = await step('open the stream', async () => SseStream.open(`${own.baseUrl}/v1/events/stream`, await client.token()));
      await step('wait for a heartbeat', () => eventually(async () => s.comments.includes('ping'), Boolean));
      expect(await own.db.transaction().execute((trx) => revokeClient(trx, client.clientId, new Date().toISOString()))).toBeTruthy();
      await step('wait for the end', () => eventually(async () => s.ended, Boolean));
      expect(s.ended).toBe(true);
      expect(s.comments.at(-1)).toMatch(/revoked/);
      expect(
        await eventually(
          async () => own.gateway.eventStreams.size,
          (n) => n === 0,
        ),
      ).toBe(0);
    } finally {
      await step('close the gateway', () => own.close());
    }
  });

  it('resumes exactly after Last-Event-ID (or ?last_event_id=), then follows', async () => {
    const { token, card } = await merchant();
    for (let i = 0; i < 4; i++) await pay(gw, token, { instrumentId: card, capture: i % 2 === 0 });
    const before = await paymentEvents(token);
    expect(before).toHaveLength(4);
    const byHeader = await stream(token, '', { 'last-event-id': before[1]! });
    const byQuery = await stream(token, `?last_event_id=${before[0]!}`);
    await eventually(
      async () => byHeader.events.length + byQuery.events.length,
      (n) => n >= 5,
    );
    const extra = await pay(gw, token, { instrumentId: card });
    expect(extra.status).toBe(201);
    const all = await paymentEvents(token);
    expect(all).toHaveLength(5);
    await eventually(
      async () => [byHeader.events.length, byQuery.events.length],
      ([a, b]) => a! >= 3 && b! >= 4,
    );
    expect(byHeader.ids()).toEqual(all.slice(2));
    expect(byQuery.ids()).toEqual(all.slice(1));
  });

  it("never sends another organization's events", async () => {
    const a = await merchant();
    const b = await merchant();
    const s = await stream(a.token);
    const other = await stream(b.token);
    await pay(gw, b.token, { instrumentId: b.card });
    await pay(gw, a.token, { instrumentId: a.card });
    await pay(gw, b.token, { instrumentId: b.card });
    await eventually(
      async () => [s.events.length, other.events.length],
      ([x, y]) => x! >= 1 && y! >= 2,
    );
    const bEvents = await paymentEvents(b.token);
    expect(s.ids()).toEqual(await paymentEvents(a.token));
    expect(other.ids()).toEqual(bEvents);
    for (const id of bEvents) expect(s.ids()).not.toContain(id);
  });

  it('sends only the types asked for; an unknown type is 422', async () => {
    const { token, card } = await merchant();
    const only = await stream(token, '?types=payment.card.authorized');
    const all = await stream(token);
    await pay(gw, token, { instrumentId: card });
    await pay(gw, token, { instrumentId: card, capture: false });
    await eventually(
      async () => [only.events.length, all.events.length],
      ([x, y]) => x! >= 1 && y! >= 2,
    );
    expect(all.events.map((e) => e.event)).toEqual(['payment.card.approved', 'payment.card.authorized']);
    expect(only.events.map((e) => e.event)).toEqual(['payment.card.authorized']);

    const bad = await stream(token, '?types=payment.card.authorized,nope', { 'last-event-id': 'not-an-id' });
    expect(bad.status).toBe(422);
    const body = JSON.parse(bad.body) as { error: { code: string; details: Array<{ field: string }> } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d) => d.field).sort()).toEqual(['Last-Event-ID', 'types.1']);
  });

  it('answers 403 without webhooks:read, 401 without a token', async () => {
    const client = await gw.client({ scopes: ['payments:read', 'webhooks:write'] });
    const s = await stream(await client.token());
    expect(s.status).toBe(403);
    expect(JSON.parse(s.body)).toMatchObject({ error: { code: 'forbidden' } });
    const anonymous = await fetch(`${gw.baseUrl}/v1/events/stream`);
    expect(anonymous.status).toBe(401);
  });

  it('releases a stream when its client goes away', async () => {
    const { token } = await merchant();
    const before = gw.gateway.eventStreams.size;
    const s = await SseStream.open(`${gw.baseUrl}/v1/events/stream`, token);
    expect(gw.gateway.eventStreams.size).toBe(before + 1);
    await s.close();
    const after = await eventually(
      async () => gw.gateway.eventStreams.size,
      (n) => n === before,
    );
    expect(after).toBe(before);
  });

  it('holds at most EVENT_STREAM_MAX_PER_ORGANIZATION streams per organization; one more is 429', async () => {
    const own = await startGateway(dialect, { EVENT_STREAM_MAX_PER_ORGANIZATION: '2' });
    try {
      const token = await (await own.client()).token();
      const first = await SseStream.open(`${own.baseUrl}/v1/events/stream`, token);
      const second = await SseStream.open(`${own.baseUrl}/v1/events/stream`, token);
      expect([first.status, second.status]).toEqual([200, 200]);
      const third = await SseStream.open(`${own.baseUrl}/v1/events/stream`, token);
      expect(third.status).toBe(429);
      expect(JSON.parse(third.body)).toMatchObject({ error: { code: 'rate_limited' } });
      // Another organization has its own budget.
      const other = await SseStream.open(`${own.baseUrl}/v1/events/stream`, await (await own.client()).token());
      expect(other.status).toBe(200);
      // Closing one frees its place.
      await first.close();
      await eventually(
        async () => own.gateway.eventStreams.size,
        (n) => n === 2,
      );
      const again = await SseStream.open(`${own.baseUrl}/v1/events/stream`, token);
      expect(again.status).toBe(200);
      await Promise.all([second.close(), other.close(), again.close()]);
    } finally {
      await own.close();
    }
    // Starts a gateway of its own: on a loaded machine that alone can take seconds.
  }, 60_000);

  it('holds the cap when many streams open at once: the place is taken before the database is read', async () => {
    const own = await startGateway(dialect, { EVENT_STREAM_MAX_PER_ORGANIZATION: '3' });
    try {
      const token = await (await own.client()).token();
      const streams = await Promise.all(Array.from({ length: 40 }, () => SseStream.open(`${own.baseUrl}/v1/events/stream`, token)));
      const statuses = streams.map((s) => s.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(37);
      expect(own.gateway.eventStreams.size).toBe(3);
      await Promise.all(streams.map((s) => s.close()));
      await eventually(
        async () => own.gateway.eventStreams.size,
        (n) => n === 0,
      );
      // Every place was given back, the refused ones' too.
      const again = await Promise.all(Array.from({ length: 3 }, () => SseStream.open(`${own.baseUrl}/v1/events/stream`, token)));
      expect(again.map((s) => s.status)).toEqual([200, 200, 200]);
      await Promise.all(again.map((s) => s.close()));
    } finally {
      await own.close();
    }
  }, 60_000);

  it('gateway.close() ends open streams', async () => {
    const own = await startGateway(dialect);
    const client = await own.client();
    const s = await SseStream.open(`${own.baseUrl}/v1/events/stream`, await client.token());
    expect(s.status).toBe(200);
    await own.close();
    await s.done;
    expect(s.ended).toBe(true);
    expect(own.gateway.eventStreams.size).toBe(0);
  });
});

// Two gateways (two pools, two pollers) on one PostgreSQL database, as two server processes would be.
describe.each(dialects.filter((d) => d.name === 'postgres'))('event stream across gateways on $name', (dialect) => {
  it('an event recorded by another gateway on the same database reaches the stream', async () => {
    const url = await dialect.databaseUrl();
    const first = await startGateway(dialect, { DATABASE_URL: url });
    const second = await startGateway(dialect, { DATABASE_URL: url });
    try {
      const client = await first.client();
      const token = await client.token();
      const s = await SseStream.open(`${first.baseUrl}/v1/events/stream`, token);
      expect(s.status).toBe(200);
      const card = await tokenize(second, token, { number: '4242424242424242' });
      const payment = await pay(second, token, { instrumentId: card });
      expect(payment.status).toBe(201);
      await eventually(
        async () => s.events.length,
        (n) => n >= 1,
      );
      expect(s.events.map((e) => (e.data.data.payment as { id: string }).id)).toEqual([payment.body.id]);
      await s.close();
    } finally {
      await second.close();
      await first.close();
    }
  });
});
