import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { pay, tokenize } from './support/cards.js';
import { Receiver } from './support/receiver.js';
import { eventually } from './support/wait.js';
import { enqueueJob } from '../src/jobs/store.js';
import { MAINTENANCE_JOB } from '../src/jobs/maintenance.js';
import { deleteOldDeliveries } from '../src/webhooks/delivery.js';

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  status: string;
  secret: string;
}

interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: Array<{
    attempt: number;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    request: { headers: Record<string, string>; body: string } | null;
    response: { status_code: number; body: string | null } | null;
  }>;
}

describe.each(dialects)('webhooks on $name', (dialect) => {
  let gw: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    gw = await startGateway(dialect, { WEBHOOK_RETRY_SCHEDULE: '0,0.2,0.2', WEBHOOK_TIMEOUT_MS: '1000' });
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  async function merchant(): Promise<{ client: TestClient; token: string; card: string }> {
    const client = await gw.client();
    const token = await client.token();
    return { client, token, card: await tokenize(gw, token, { number: '4242424242424242' }) };
  }

  async function register(token: string, body: Record<string, unknown>) {
    return gw.request<Endpoint>('POST', '/v1/webhooks', { token, body: { url: receiver.url, events: ['*'], ...body } });
  }

  const deliveriesOf = (token: string, endpoint: string) => gw.request<{ data: Delivery[] }>('GET', `/v1/webhooks/${endpoint}/deliveries`, { token });
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  it("delivers each subscribed event once, signed per Standard Webhooks, in the spec's shape", async () => {
    const { token, card } = await merchant();
    const endpoint = await register(token, { events: ['payment.card.authorized', 'payment.card.captured'] });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const secret = (await gw.request<{ secret: string }>('GET', `/v1/webhooks/${endpoint.body.id}/secret`, { token })).body.secret;
    expect(secret).toBe(endpoint.body.secret);

    const payment = await pay(gw, token, { instrumentId: card, capture: false, amount: 12.5 });
    const committedAt = Date.now();
    await gw.request('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: {} });
    // Deliveries carry no ordering guarantee (docs/webhooks.md): in event order, by id (a ULID, in time order).
    const mine = () =>
      receiver.received
        .filter((r) => r.body.includes(payment.body.id))
        .sort((a, b) => String(a.headers['webhook-id']).localeCompare(String(b.headers['webhook-id'])));
    await eventually(
      async () => mine().length,
      (n) => n >= 2,
    );
    // Every job due now runs in this call (and the ones the background runner holds finish): a duplicate delivery would be here.
    await gw.gateway.jobs.runDue();
    expect(mine()).toHaveLength(2);
    expect(mine()[0]!.at - committedAt).toBeLessThan(1000);
    const payloads = mine().map((d) => Receiver.verify(secret, d));
    expect(payloads.map((p) => p.type)).toEqual(['payment.card.authorized', 'payment.card.captured']);
    const first = payloads[0]!;
    expect(first.id).toMatch(/^evt-/);
    expect(mine()[0]!.headers['webhook-id']).toBe(first.id);
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(first.data).toMatchObject({ payment: { id: payment.body.id, currency: 'USD', current_amount: 12.5, transaction: { status: 'AUTHORIZED' } } });
    // A tampered body or the wrong secret does not verify.
    expect(() => Receiver.verify(secret, { ...mine()[0]!, body: mine()[0]!.body.replace('12.5', '99') })).toThrow();
    expect(() =>
      new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(mine()[0]!.body, mine()[0]!.headers as Record<string, string>),
    ).toThrow();

    const deliveries = await deliveriesOf(token, endpoint.body.id);
    expect(deliveries.body.data.every((d) => d.status === 'succeeded' && d.attempts.length === 1 && d.attempts[0]!.status_code === 200)).toBe(true);
    const event = await gw.request<{ id: string; type: string }>('GET', `/v1/events/${first.id}`, { token });
    expect(event.body).toMatchObject({ id: first.id, type: 'payment.card.authorized' });
  });

  it('fans each event out to every enabled endpoint of the organization that subscribes to its type, and to no other', async () => {
    const { token, card } = await merchant();
    const all = (await register(token, { events: ['*'] })).body;
    const captures = (await register(token, { events: ['payment.card.captured', 'refund.succeeded'] })).body;
    const disabled = (await register(token, { events: ['*'] })).body;
    expect((await gw.request('PUT', `/v1/webhooks/${disabled.id}`, { token, body: { url: receiver.url, events: ['*'], status: 'disabled' } })).status).toBe(
      200,
    );
    // Another organization's endpoint sees none of these events.
    const other = await merchant();
    const elsewhere = (await register(other.token, { events: ['*'] })).body;

    const payment = await pay(gw, token, { instrumentId: card, capture: false, amount: 20 });
    await gw.request('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: {} });
    const eventsOf = async (t: string, endpoint: string) => {
      const list = (await deliveriesOf(t, endpoint)).body.data;
      const types = await Promise.all(
        list.map(async (d) => (await gw.request<{ type: string; data: { payment?: { id: string } } }>('GET', `/v1/events/${d.event_id}`, { token: t })).body),
      );
      return types
        .filter((e) => e.data.payment?.id === payment.body.id)
        .map((e) => e.type)
        .sort();
    };
    await eventually(
      () => eventsOf(token, all.id),
      (types) => types.length >= 2,
    );
    expect(await eventsOf(token, all.id)).toEqual(['payment.card.authorized', 'payment.card.captured']);
    expect(await eventsOf(token, captures.id)).toEqual(['payment.card.captured']);
    expect(await eventsOf(token, disabled.id)).toEqual([]);
    expect(await eventsOf(other.token, elsewhere.id)).toEqual([]);
    // Each delivery has its own id.
    const ids = [...(await deliveriesOf(token, all.id)).body.data, ...(await deliveriesOf(token, captures.id)).body.data].map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the maintenance job clears the request and response of attempts older than WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS (30); the attempts stay', async () => {
    const { token, card } = await merchant();
    const endpoint = (await register(token, { events: ['payment.card.approved'] })).body;
    const old = await pay(gw, token, { instrumentId: card });
    const recent = await pay(gw, token, { instrumentId: card });
    const attemptsOf = async () => {
      const list = (await deliveriesOf(token, endpoint.id)).body.data;
      const byPayment = async (paymentId: string) => {
        for (const d of list) {
          const event = (await gw.request<{ data: { payment: { id: string } } }>('GET', `/v1/events/${d.event_id}`, { token })).body;
          if (event.data.payment.id === paymentId) return d.attempts;
        }
        return [];
      };
      return { old: await byPayment(old.body.id), recent: await byPayment(recent.body.id) };
    };
    await eventually(attemptsOf, (a) => a.old.length === 1 && a.recent.length === 1);
    const before = await attemptsOf();
    expect(before.old[0]).toMatchObject({
      status_code: 200,
      request: { body: expect.stringContaining(old.body.id) },
      response: { status_code: 200, body: 'ok' },
    });
    // The first delivery's attempt made 31 days ago.
    const oldDelivery = (await deliveriesOf(token, endpoint.id)).body.data.find((d) => d.attempts.some((a) => a.request?.body.includes(old.body.id)))!;
    await gw.db
      .updateTable('webhook_attempts')
      .set({ created_at: daysAgo(31) })
      .where('delivery_id', '=', oldDelivery.id)
      .execute();

    const job = (await enqueueJob(gw.db, { type: MAINTENANCE_JOB }, gw.gateway.clock))!;
    await eventually(
      () => gw.db.selectFrom('jobs').select('status').where('id', '=', job).executeTakeFirst(),
      (row) => row?.status === 'completed' || row === undefined,
    );

    const after = await attemptsOf();
    expect(after.old).toHaveLength(1);
    expect(after.old[0]).toMatchObject({ attempt: 1, status_code: 200, request: null, response: { status_code: 200, body: null } });
    expect(after.recent[0]).toEqual(before.recent[0]);
  });

  /** Pays `n` times and waits until each payment's delivery to `endpoint` succeeded; returns the deliveries, in payment order. */
  async function delivered(token: string, card: string, endpoint: string, n: number): Promise<Delivery[]> {
    const payments: string[] = [];
    for (let i = 0; i < n; i++) payments.push((await pay(gw, token, { instrumentId: card })).body.id);
    const list = await eventually(
      async () => (await deliveriesOf(token, endpoint)).body.data,
      (data) => payments.every((id) => data.some((d) => d.status === 'succeeded' && d.attempts[0]?.request?.body.includes(id))),
    );
    return payments.map((id) => list.find((d) => d.attempts[0]!.request!.body.includes(id))!);
  }

  it('the maintenance job deletes finished deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS (90) with their attempts; one still retried and the events stay', async () => {
    const { token, card } = await merchant();
    const endpoint = (await register(token, { events: ['payment.card.approved'] })).body;
    const [old, retried, recent] = await delivered(token, card, endpoint.id, 3);
    await gw.db
      .updateTable('webhook_deliveries')
      .set({ created_at: daysAgo(91) })
      .where('id', 'in', [old!.id, retried!.id])
      .execute();
    // As a delivery whose retries are still going on.
    await gw.db.updateTable('webhook_deliveries').set({ status: 'pending' }).where('id', '=', retried!.id).execute();

    const job = (await enqueueJob(gw.db, { type: MAINTENANCE_JOB }, gw.gateway.clock))!;
    await eventually(
      () => gw.db.selectFrom('jobs').select('status').where('id', '=', job).executeTakeFirst(),
      (row) => row?.status === 'completed' || row === undefined,
    );

    const left = (await deliveriesOf(token, endpoint.id)).body.data.map((d) => d.id);
    expect(left).not.toContain(old!.id);
    expect(left).toEqual(expect.arrayContaining([retried!.id, recent!.id]));
    expect(await gw.db.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', old!.id).execute()).toEqual([]);
    expect(await gw.db.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', recent!.id).execute()).toHaveLength(1);
    // The event stays readable, and can be sent again.
    expect((await gw.request('GET', `/v1/events/${old!.event_id}`, { token })).status).toBe(200);
  });

  it('old deliveries go a batch per transaction, at most so many batches per run', async () => {
    // The hourly run, due a minute after the start, must not take these deliveries meanwhile.
    await gw.db
      .updateTable('jobs')
      .set({ run_at: daysAgo(-1) })
      .where('dedupe_key', '=', MAINTENANCE_JOB)
      .where('status', '=', 'pending')
      .execute();
    const { token, card } = await merchant();
    const endpoint = (await register(token, { events: ['payment.card.approved'] })).body;
    const deliveries = await delivered(token, card, endpoint.id, 3);
    const ids = deliveries.map((d) => d.id);
    // Older than anything another test left: only these three are before the cut.
    await gw.db
      .updateTable('webhook_deliveries')
      .set({ created_at: daysAgo(4000) })
      .where('id', 'in', ids)
      .execute();
    const cut = daysAgo(3999);

    expect(await deleteOldDeliveries(gw.db, cut, 1, 2)).toBe(2);
    expect(await gw.db.selectFrom('webhook_deliveries').select('id').where('id', 'in', ids).execute()).toHaveLength(1);
    expect(await deleteOldDeliveries(gw.db, cut, 1, 2)).toBe(1);
    expect(await deleteOldDeliveries(gw.db, cut, 1, 2)).toBe(0);
    expect(await gw.db.selectFrom('webhook_attempts').select('id').where('delivery_id', 'in', ids).execute()).toEqual([]);
  });

  it('retries a failing receiver on the schedule, recording every attempt; gives up after the last', async () => {
    const { token, card } = await merchant();
    const endpoint = await register(token, { events: ['payment.card.approved'] });
    receiver.answers.push(500, 503);
    const payment = await pay(gw, token, { instrumentId: card });
    const done = await eventually(
      () => deliveriesOf(token, endpoint.body.id),
      (r) => r.body.data[0]?.status === 'succeeded',
    );
    expect(done.body.data[0]!.attempts.map((a) => a.status_code)).toEqual([500, 503, 200]);
    expect(receiver.received.filter((r) => r.body.includes(payment.body.id))).toHaveLength(3);

    receiver.answers.push(500, 500, 500);
    const failing = await pay(gw, token, { instrumentId: card });
    const failed = await eventually(
      () => deliveriesOf(token, endpoint.body.id),
      (r) => r.body.data[0]?.status === 'failed',
    );
    expect(failed.body.data[0]!.attempts).toHaveLength(3);
    // Redelivery sends it again, as a new delivery.
    const event = JSON.parse(receiver.received.filter((r) => r.body.includes(failing.body.id)).at(-1)!.body) as { id: string };
    const redeliver = await gw.request<{ deliveries: string[] }>('POST', `/v1/events/${event.id}/redeliver`, { token, body: {} });
    expect(redeliver.status).toBe(202);
    expect(redeliver.body.deliveries).toHaveLength(1);
    await eventually(
      async () => receiver.received.filter((r) => r.body.includes(failing.body.id)).length,
      (n) => n === 4,
    );
    expect(receiver.received.filter((r) => r.body.includes(failing.body.id))).toHaveLength(4);
  });

  it('a manual redelivery of a delivery still being retried takes its place: the receiver gets the event once more, not twice', async () => {
    // The next automatic retry is a minute away (on the organization's clock), so the redelivery comes first.
    const slow = await startGateway(dialect, { WEBHOOK_RETRY_SCHEDULE: '0,60,60', WEBHOOK_TIMEOUT_MS: '1000' });
    const own = await new Receiver().start();
    try {
      const client = await slow.client();
      const token = await client.token();
      const card = await tokenize(slow, token, { number: '4242424242424242' });
      const endpoint = await slow.request<Endpoint>('POST', '/v1/webhooks', { token, body: { url: own.url, events: ['payment.card.approved'] } });
      own.answers.push(500);
      const payment = await pay(slow, token, { instrumentId: card });
      const ofPayment = () => own.received.filter((r) => r.body.includes(payment.body.id));
      const original = await eventually(
        () => slow.request<{ data: Delivery[] }>('GET', `/v1/webhooks/${endpoint.body.id}/deliveries`, { token }),
        (r) => r.body.data[0]?.attempts.length === 1,
      );
      expect(original.body.data[0]).toMatchObject({ status: 'pending' });
      const eventId = original.body.data[0]!.event_id;

      const redelivered = await slow.request<{ deliveries: string[] }>('POST', `/v1/events/${eventId}/redeliver`, { token, body: {} });
      expect(redelivered.status).toBe(202);
      await eventually(
        async () => ofPayment().length,
        (n) => n === 2,
      );
      const log = await eventually(
        () => slow.request<{ data: Delivery[] }>('GET', `/v1/webhooks/${endpoint.body.id}/deliveries`, { token }),
        (r) => r.body.data.find((d) => d.id === redelivered.body.deliveries[0])?.status === 'succeeded',
      );
      // The original is no longer retried, and says why.
      const replaced = log.body.data.find((d) => d.id === original.body.data[0]!.id)!;
      expect(replaced.status).toBe('failed');
      const row = await slow.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'next_attempt_at', 'last_error'])
        .where('id', '=', replaced.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', next_attempt_at: null });
      expect(row.last_error).toContain(redelivered.body.deliveries[0]!);

      // Past the original's retry time: nothing more reaches the receiver.
      const advanced = await slow.request('POST', '/v1/sandbox/clock/advance', { token, body: { seconds: 300 } });
      expect(advanced.status).toBe(200);
      expect(ofPayment()).toHaveLength(2);
      const after = await slow.request<{ data: Delivery[] }>('GET', `/v1/webhooks/${endpoint.body.id}/deliveries`, { token });
      expect(after.body.data.find((d) => d.id === replaced.id)!.attempts).toHaveLength(1);
    } finally {
      await own.close();
      await slow.close();
    }
  });

  it("keeps each attempt's request and response in the delivery log (the first 4 KB of the response, never a split character)", async () => {
    const { token, card } = await merchant();
    const own = await new Receiver().start();
    try {
      const endpoint = await gw.request<Endpoint>('POST', '/v1/webhooks', { token, body: { url: own.url, events: ['payment.card.approved'] } });
      own.answers.push(500);
      own.answerBody = '€'.repeat(2000); // 6,000 bytes; 4,096 falls inside a 3-byte character
      await pay(gw, token, { instrumentId: card });
      const done = await eventually(
        () => deliveriesOf(token, endpoint.body.id),
        (r) => r.body.data[0]?.status === 'succeeded',
      );
      const [failed, succeeded] = done.body.data[0]!.attempts;
      expect(own.received).toHaveLength(2);
      for (const [attempt, received] of [
        [failed!, own.received[0]!],
        [succeeded!, own.received[1]!],
      ] as const) {
        expect(attempt.request!.body).toBe(received.body);
        for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type', 'user-agent', 'content-length']) {
          expect(attempt.request!.headers[name], name).toBe(received.headers[name]);
        }
        expect(JSON.stringify(attempt)).not.toContain(endpoint.body.secret.replace(/^whsec_/, ''));
        expect(attempt.response!.body).toBe('€'.repeat(1365));
        expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
      }
      expect(failed!.response!.status_code).toBe(500);
      expect(succeeded!.response!.status_code).toBe(200);
      // No answer: no response, the error says why.
      own.answerBody = 'ok';
      await own.close();
      const unanswered = await pay(gw, token, { instrumentId: card });
      const retrying = await eventually(
        () => deliveriesOf(token, endpoint.body.id),
        (r) => r.body.data[0]?.event_id !== done.body.data[0]!.event_id && (r.body.data[0]?.attempts.length ?? 0) >= 1,
      );
      const attempt = retrying.body.data[0]!.attempts[0]!;
      expect(attempt).toMatchObject({ status_code: null, response: null, error: expect.any(String) });
      expect(attempt.request!.body).toContain(unanswered.body.id);
    } finally {
      await own.close().catch(() => undefined);
    }
  });

  it('sends a signed test event to one endpoint only, through its delivery log, and redelivers it there', async () => {
    const { client, token } = await merchant();
    const target = await new Receiver().start();
    const other = await new Receiver().start();
    try {
      const endpoint = await gw.request<Endpoint>('POST', '/v1/webhooks', { token, body: { url: target.url, events: ['refund.succeeded'] } });
      const everything = await gw.request<Endpoint>('POST', '/v1/webhooks', { token, body: { url: other.url, events: ['*'] } });
      const sent = await gw.request<{ delivery_id: string; event: { id: string; type: string; data: Record<string, unknown> } }>(
        'POST',
        `/v1/webhooks/${endpoint.body.id}/test`,
        { token },
      );
      expect(sent.status).toBe(202);
      expect(sent.body.event).toMatchObject({ type: 'webhook.test', data: { test: { endpoint_id: endpoint.body.id } } });

      await eventually(
        async () => target.received.length,
        (n) => n === 1,
      );
      const payload = Receiver.verify(endpoint.body.secret, target.received[0]!);
      expect(payload).toMatchObject({ id: sent.body.event.id, type: 'webhook.test', data: { test: { endpoint_id: endpoint.body.id } } });
      const log = await eventually(
        () => deliveriesOf(token, endpoint.body.id),
        (r) => r.body.data[0]?.status === 'succeeded',
      );
      expect(log.body.data[0]).toMatchObject({ id: sent.body.delivery_id, event_id: sent.body.event.id, event_type: 'webhook.test' });
      expect(log.body.data[0]!.attempts[0]!.request!.body).toBe(target.received[0]!.body);

      // Redelivered to its endpoint only, also when no endpoint is named; another endpoint cannot have it.
      const again = await gw.request<{ deliveries: string[] }>('POST', `/v1/events/${sent.body.event.id}/redeliver`, { token, body: {} });
      expect(again.status).toBe(202);
      expect(again.body.deliveries).toHaveLength(1);
      await eventually(
        async () => target.received.length,
        (n) => n === 2,
      );
      expect(Receiver.verify(endpoint.body.secret, target.received[1]!).id).toBe(sent.body.event.id);
      const refused = await gw.request('POST', `/v1/events/${sent.body.event.id}/redeliver`, { token, body: { endpoint_id: everything.body.id } });
      expect(refused.status).toBe(404);
      expect((await deliveriesOf(token, everything.body.id)).body.data).toEqual([]);
      expect(other.received).toEqual([]);

      // Not in the events list unless asked for by type; not subscribable.
      const listed = await gw.request<{ data: Array<{ id: string }> }>('GET', '/v1/events?limit=100', { token });
      expect(listed.body.data.map((e) => e.id)).not.toContain(sent.body.event.id);
      const tests = await gw.request<{ data: Array<{ id: string }> }>('GET', '/v1/events?type=webhook.test', { token });
      expect(tests.body.data.map((e) => e.id)).toEqual([sent.body.event.id]);
      const subscribe = await gw.request('POST', '/v1/webhooks', { token, body: { url: other.url, events: ['webhook.test'] } });
      expect(subscribe.status).toBe(422);

      // A disabled endpoint gets none; an unknown one is not found.
      await gw.request('PUT', `/v1/webhooks/${endpoint.body.id}`, { token, body: { url: target.url, events: ['refund.succeeded'], status: 'disabled' } });
      expect((await gw.request('POST', `/v1/webhooks/${endpoint.body.id}/test`, { token })).status).toBe(409);
      expect((await gw.request('POST', '/v1/webhooks/whk-nope/test', { token })).status).toBe(404);
      // webhooks:read alone cannot send one.
      const reader = await (await gw.client({ scopes: ['webhooks:read'], organizationId: client.organizationId })).token();
      expect((await gw.request('POST', `/v1/webhooks/${everything.body.id}/test`, { token: reader })).status).toBe(403);
    } finally {
      await target.close();
      await other.close();
    }
  });

  it('a 410 answer disables the endpoint', async () => {
    const { token, card } = await merchant();
    const endpoint = await register(token, {});
    receiver.answers.push(410);
    await pay(gw, token, { instrumentId: card });
    const disabled = await eventually(
      () => gw.request<Endpoint & { disabled_reason: string }>('GET', `/v1/webhooks/${endpoint.body.id}`, { token }),
      (r) => r.body.status === 'disabled',
    );
    expect(disabled.body.status).toBe('disabled');
    expect(disabled.body.disabled_reason).toMatch(/410/);
  });

  it('after a secret rotation, deliveries carry both signatures during the grace period', async () => {
    const { token, card } = await merchant();
    const endpoint = await register(token, { events: ['payment.card.approved'] });
    const rotated = await gw.request<{ secret: string }>('POST', `/v1/webhooks/${endpoint.body.id}/secret/rotate`, { token });
    expect(rotated.body.secret).not.toBe(endpoint.body.secret);
    const payment = await pay(gw, token, { instrumentId: card });
    await eventually(
      async () => receiver.received.filter((r) => r.body.includes(payment.body.id)).length,
      (n) => n === 1,
    );
    const delivery = receiver.received.find((r) => r.body.includes(payment.body.id))!;
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(Receiver.verify(rotated.body.secret, delivery).type).toBe('payment.card.approved');
    expect(Receiver.verify(endpoint.body.secret, delivery).type).toBe('payment.card.approved');
  });

  it('manages endpoints: validation, list, update, delete; other organizations see nothing', async () => {
    const { token } = await merchant();
    const bad = await gw.request('POST', '/v1/webhooks', { token, body: { url: 'not a url', events: ['nope.event'] } });
    expect(bad.status).toBe(422);
    const fields = (bad.body as { error: { details: Array<{ field: string }> } }).error.details.map((d) => d.field).sort();
    expect(fields).toEqual(['events.0', 'url']);
    expect((await gw.request('POST', '/v1/webhooks', { token, body: { url: receiver.url, events: [] } })).status).toBe(422);

    const endpoint = await register(token, { description: 'orders' });
    const list = await gw.request<{ data: Endpoint[] }>('GET', '/v1/webhooks', { token });
    expect(list.body.data.map((e) => e.id)).toEqual([endpoint.body.id]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const updated = await gw.request<Endpoint>('PUT', `/v1/webhooks/${endpoint.body.id}`, {
      token,
      body: { url: receiver.url, events: ['refund.succeeded'], status: 'disabled' },
    });
    expect(updated.body).toMatchObject({ events: ['refund.succeeded'], status: 'disabled' });
    const otherToken = await (await gw.client()).token();
    expect((await gw.request('GET', `/v1/webhooks/${endpoint.body.id}`, { token: otherToken })).status).toBe(404);
    // A DELETE that removes the object answers {id, deleted: true}, as every such DELETE (docs/api-conventions.md "Deletes").
    const deleted = await gw.request('DELETE', `/v1/webhooks/${endpoint.body.id}`, { token });
    expect([deleted.status, deleted.body]).toEqual([200, { id: endpoint.body.id, deleted: true }]);
    expect((await gw.request('GET', `/v1/webhooks/${endpoint.body.id}`, { token })).status).toBe(404);
  });

  it('shows a secret only to secrets:read: creation and rotation with webhooks:write alone answer without it', async () => {
    const client = await gw.client();
    const writer = await client.token('webhooks:write webhooks:read');
    const full = await client.token();
    const secretOf = async (id: string) => (await gw.request<{ secret: string }>('GET', `/v1/webhooks/${id}/secret`, { token: full })).body.secret;

    const created = await register(writer, {});
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('secret');
    expect(created.text).not.toContain('whsec_');
    const first = await secretOf(created.body.id);
    expect(first).toMatch(/^whsec_/);
    const refused = await gw.request('GET', `/v1/webhooks/${created.body.id}/secret`, { token: writer });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('whsec_');

    const rotated = await gw.request<{ secret?: string; previous_secret_expires_at: string }>('POST', `/v1/webhooks/${created.body.id}/secret/rotate`, {
      token: writer,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body).not.toHaveProperty('secret');
    expect(Number.isNaN(Date.parse(rotated.body.previous_secret_expires_at))).toBe(false);
    expect(rotated.text).not.toContain('whsec_');
    const second = await secretOf(created.body.id);
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);

    // With secrets:read as well, both answers carry it; reads and lists never do.
    const withSecrets = await client.token('webhooks:write secrets:read');
    const shown = await register(withSecrets, {});
    expect(shown.body.secret).toBe(await secretOf(shown.body.id));
    const rotatedShown = await gw.request<{ secret: string }>('POST', `/v1/webhooks/${shown.body.id}/secret/rotate`, { token: withSecrets });
    expect(rotatedShown.body.secret).toBe(await secretOf(shown.body.id));
    expect((await gw.request('GET', `/v1/webhooks/${shown.body.id}`, { token: full })).text).not.toContain('whsec_');
    expect((await gw.request('GET', '/v1/webhooks', { token: full })).text).not.toContain('whsec_');
  });

  it('an idempotent replay of creation or rotation answers without the secret, and the stored reply never holds it', async () => {
    const client = await gw.client();
    const token = await client.token();
    const stored = async (key: string) => {
      const row = await gw.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('client_id', '=', client.clientId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('completed');
      return JSON.stringify(row);
    };

    const createKey = `create-${Date.now()}-${Math.random()}`.slice(0, 60);
    const body = { url: receiver.url, events: ['*'] };
    const created = await gw.request<Endpoint>('POST', '/v1/webhooks', { token, body, headers: { 'idempotency-key': createKey } });
    expect(created.status).toBe(201);
    const secret = created.body.secret;
    expect(secret).toMatch(/^whsec_/);
    const replay = await gw.request<Endpoint>('POST', '/v1/webhooks', { token, body, headers: { 'idempotency-key': createKey } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(created.body.id);
    expect(replay.body).toEqual(Object.fromEntries(Object.entries(created.body).filter(([k]) => k !== 'secret')));
    expect(replay.text).not.toContain('whsec_');
    const createRow = await stored(createKey);
    expect(createRow).not.toContain(secret);
    expect(createRow).not.toContain('whsec_');
    expect(createRow).toContain(created.body.id);

    const rotateKey = `rotate-${Date.now()}-${Math.random()}`.slice(0, 60);
    const rotate = () =>
      gw.request<{ secret?: string; previous_secret_expires_at: string }>('POST', `/v1/webhooks/${created.body.id}/secret/rotate`, {
        token,
        headers: { 'idempotency-key': rotateKey },
      });
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    const again = await rotate();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual({ previous_secret_expires_at: rotated.body.previous_secret_expires_at });
    const rotateRow = await stored(rotateKey);
    expect(rotateRow).not.toContain(rotated.body.secret!);
    expect(rotateRow).not.toContain('whsec_');
    // The replay rotated nothing: the secret is still the one the first answer showed.
    expect((await gw.request<{ secret: string }>('GET', `/v1/webhooks/${created.body.id}/secret`, { token })).body.secret).toBe(rotated.body.secret);
  });
});

describe('webhook URLs in production', () => {
  it('must be https and never private, loopback, link-local or metadata addresses', async () => {
    const gw = await startGateway(dialects[0]!, { ENVIRONMENT: 'production', TRUST_PROXY: 'true' });
    try {
      const c = await gw.client();
      const token = (
        await gw.request<{ access_token: string }>('POST', '/oauth/token', {
          headers: { 'x-forwarded-proto': 'https' },
          body: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: 'https://pasarela.test' },
        })
      ).body.access_token;
      const urls = [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://10.1.2.3/hook',
        'https://192.168.0.10/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[::ffff:10.0.0.1]/hook',
        'https://100.64.0.1/hook',
        // IPv4-compatible (::/96) and IPv4-mapped spellings of loopback and metadata addresses.
        'https://[::7f00:1]/hook',
        'https://[::127.0.0.1]/hook',
        'https://[::ffff:7f00:1]/hook',
        'https://[::ffff:a9fe:a9fe]/latest/meta-data',
        // Service ports.
        'https://example.com:22/hook',
        'https://example.com:25/hook',
        'https://example.com:1023/hook',
      ];
      for (const url of urls) {
        const reply = await gw.request<{ error: { code: string; details: Array<{ field: string; message: string }> } }>('POST', '/v1/webhooks', {
          token,
          headers: { 'x-forwarded-proto': 'https' },
          body: { url, events: ['*'] },
        });
        expect(`${url} -> ${reply.status}`).toBe(`${url} -> 422`);
        // Refused for its form, before any DNS look-up.
        const reason = url.startsWith('http:')
          ? 'must use https'
          : /:\d+\//.test(url)
            ? 'must use port 80, 443 or 1024 to 65535'
            : 'must not point to a private, loopback, link-local or metadata address';
        expect([url, reply.body.error.details]).toEqual([url, [{ field: 'url', message: reason }]]);
      }
      // The origins that may frame an enrollment form are https in production too.
      const enrollment = await gw.request<{ error: { details: Array<{ field: string; message: string }> } }>('POST', '/v1/instruments/enrollments', {
        token,
        headers: { 'x-forwarded-proto': 'https' },
        body: {
          type: 'card_enrollment',
          expires_in: 3600,
          data: {
            webhook: 'https://example.com/card-saved',
            api_key: 'merchant-key-0123456789',
            allowed_origins: ['https://shop.example.com', 'http://shop.example.com'],
          },
        },
      });
      expect(enrollment.status).toBe(422);
      expect(enrollment.body.error.details).toEqual([{ field: 'data.allowed_origins[1]', message: 'must use https' }]);
    } finally {
      await gw.close();
    }
  });
});
