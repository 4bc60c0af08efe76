/**
 * `starting_after` / `ending_before` (docs/api-conventions.md "Lists and pagination"): a cursor
 * is an id of the kind of the list's items; anything else is 422 naming the parameter. A
 * well-formed id of the right kind is a position, not looked up: an unknown id, a deleted
 * object's id and another organization's id all page alike, so the last reveals nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize } from './support/cards.js';
import { Receiver } from './support/receiver.js';
import { newId } from '../src/lib/ids.js';
import { provisionClient } from '../src/auth/clients.service.js';
import { SECRET_HASH_LOG_N_RANGE } from '../src/crypto/secret-hash.js';

interface ErrorReply {
  error: { code: string; details: Array<{ field: string; message: string }> };
}
type Page = { data: Array<{ id: string }>; has_more: boolean };

describe.each(dialects)('list cursors on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let receiver: Receiver;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  const refused = async (path: string, field: string, t = token) => {
    const reply = await gw.request<ErrorReply>('GET', path, { token: t });
    expect(reply.status, path).toBe(422);
    expect(reply.body.error.code, path).toBe('validation_failed');
    const detail = reply.body.error.details.find((d) => d.field === field);
    expect(detail, `${path}: ${JSON.stringify(reply.body)}`).toBeDefined();
    return detail!.message;
  };
  const ids = async (path: string, t = token) => {
    const reply = await gw.request<Page>('GET', path, { token: t });
    expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    return reply.body.data.map((item) => item.id);
  };

  it('refuses a malformed cursor, or an id of another kind, with 422 naming the parameter and what it takes', async () => {
    expect(await refused('/v1/payments?starting_after=garbage', 'starting_after')).toMatch(/a payment id \(`pay-` and 26 letters and digits\)/);
    expect(await refused('/v1/payments?ending_before=garbage', 'ending_before')).toMatch(/`pay-`/);
    // Well-formed, but a refund's id: this list pages by payment ids.
    expect(await refused(`/v1/payments?starting_after=${newId('refund')}`, 'starting_after')).toMatch(/^is a refund id; this list pages by a payment id/);
    expect(await refused(`/v1/payments/search?ending_before=${newId('event')}`, 'ending_before')).toMatch(/^is an event id/);
    // An id's prefix, in capitals, or cut short: not an id.
    const payment = newId('payment');
    for (const bad of [payment.toUpperCase(), payment.slice(0, -1), `${payment}0`, 'pay-', `xyz-${payment.slice(4)}`]) {
      await refused(`/v1/payments?starting_after=${encodeURIComponent(bad)}`, 'starting_after');
    }
    // Both cursors wrong: each is named.
    const both = await gw.request<ErrorReply>('GET', '/v1/payments?starting_after=a&ending_before=b', { token });
    expect(both.body.error.details.map((d) => d.field).sort()).toEqual(['ending_before', 'ending_before', 'starting_after']);
  });

  it('checks the cursor of every list', async () => {
    const document = await gw.request<{ paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>> }>('GET', '/openapi.json');
    const lists = Object.entries(document.body.paths)
      .filter(([path, operations]) => !path.includes('{') && operations.get?.parameters?.some((p) => p.name === 'starting_after'))
      .map(([path]) => path);
    expect(lists.length).toBeGreaterThan(20);
    expect(lists).toContain('/v1/events');
    for (const path of lists) {
      await refused(`${path}?starting_after=garbage`, 'starting_after');
      await refused(`${path}?ending_before=zzz`, 'ending_before');
      // `req-` is the kind of no list's items.
      await refused(`${path}?starting_after=${newId('request')}`, 'starting_after');
    }
  });

  it("checks a sub-list's cursor: a webhook endpoint's deliveries (a fan-out's ids numbered), a payment's transactions", async () => {
    const t = await (await gw.client()).token();
    const endpoint = await gw.request<{ id: string }>('POST', '/v1/webhooks', { token: t, body: { url: receiver.url, events: ['*'] } });
    const sent = await gw.request<{ delivery_id: string; event: { id: string } }>('POST', `/v1/webhooks/${endpoint.body.id}/test`, { token: t });
    expect(sent.status).toBe(202);
    const deliveries = `/v1/webhooks/${endpoint.body.id}/deliveries`;
    expect(await refused(`${deliveries}?starting_after=zzz`, 'starting_after', t)).toMatch(
      /a webhook delivery id \(`whd-` and 26 letters and digits, maybe then `-` and a number\)/,
    );
    expect(await refused(`${deliveries}?starting_after=${sent.body.event.id}`, 'starting_after', t)).toMatch(/^is an event id/);
    expect(await refused(`${deliveries}?starting_after=${sent.body.delivery_id}-0`, 'starting_after', t)).toMatch(/a webhook delivery id/);
    expect(await ids(deliveries, t)).toEqual([sent.body.delivery_id]);
    expect(await ids(`${deliveries}?starting_after=${sent.body.delivery_id}`, t)).toEqual([]);
    expect(await ids(`${deliveries}?ending_before=${newId('webhookDelivery')}`, t)).toEqual([]);

    // A payment's events fan out to the endpoint: `whd-<the event's ULID>-1`, which pages like any id.
    const card = await tokenize(gw, t, { number: '4242424242424242' });
    const payment = (await pay(gw, t, { instrumentId: card })).body.id;
    const [newest, ...older] = await ids(deliveries, t);
    expect(newest).toMatch(/^whd-[0-9a-z]{26}-1$/);
    expect(await ids(`${deliveries}?starting_after=${newest}`, t)).toEqual(older);
    expect(await ids(`${deliveries}?ending_before=${older.at(-1)}&limit=1`, t)).toEqual([older.at(-2) ?? newest]);
    // A number only where a delivery's id has one.
    expect(await refused(`/v1/payments?starting_after=${payment}-1`, 'starting_after', t)).toMatch(/must be a payment id/);

    const transactions = `/v1/payments/${payment}/transactions`;
    expect(await refused(`${transactions}?starting_after=${payment}`, 'starting_after', t)).toMatch(/^is a payment id; this list pages by a transaction id/);
    const [authorization] = await ids(transactions, t);
    expect(authorization).toMatch(/^trx-/);
    expect(await ids(`${transactions}?ending_before=${authorization}`, t)).toEqual([]);
  });

  it("pages an alternative payment's one transaction by its position, as a keyset page would", async () => {
    const payment = await gw.request<{ payment_id: string; transaction: { id: string } }>('POST', '/v1/payments/intents', {
      token,
      body: { order_id: `cursor-${newId('request')}`, amount: 15050, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
    });
    expect(payment.status, payment.text).toBe(201);
    const transactions = `/v1/payments/${payment.body.payment_id}/transactions`;
    const [purchase] = await ids(transactions);
    expect(purchase).toMatch(/^trx-/);
    expect(await refused(`${transactions}?starting_after=nope`, 'starting_after')).toMatch(/`trx-`/);
    expect(await ids(`${transactions}?starting_after=${purchase}`)).toEqual([]);
    expect(await ids(`${transactions}?ending_before=${purchase}`)).toEqual([]);
    // A later (unknown) transaction id: the purchase is older, so it is on the page after it.
    expect(await ids(`${transactions}?starting_after=${newId('transaction')}`)).toEqual([purchase]);
  });

  it("takes a well-formed id as a position: another organization's id pages exactly like an unknown one, a deleted object's id still pages", async () => {
    const mine = await (await gw.client()).token();
    const theirs = await (await gw.client()).token();
    const myCard = await tokenize(gw, mine, { number: '4242424242424242' });
    const theirCard = await tokenize(gw, theirs, { number: '4242424242424242' });
    const a1 = (await pay(gw, mine, { instrumentId: myCard })).body.id;
    const a2 = (await pay(gw, mine, { instrumentId: myCard })).body.id;
    const other = (await pay(gw, theirs, { instrumentId: theirCard })).body.id;
    const a3 = (await pay(gw, mine, { instrumentId: myCard })).body.id;
    // An id no object has, at the same time as the other organization's payment.
    const unknown = `${other.slice(0, 'pay-'.length + 10)}${'0'.repeat(16)}`;
    expect(unknown).not.toBe(other);
    for (const [query, expected] of [
      ['starting_after', [a2, a1]],
      ['ending_before', [a3]],
    ] as const) {
      expect(await ids(`/v1/payments?${query}=${other}`, mine)).toEqual(expected);
      expect(await ids(`/v1/payments?${query}=${unknown}`, mine)).toEqual(expected);
      expect(await ids(`/v1/payments/search?${query}=${other}`, mine)).toEqual(expected);
    }
    // The other organization sees none of mine, whichever of my ids it pages from.
    expect(await ids(`/v1/payments?starting_after=${a3}`, theirs)).toEqual([other]);
    expect(await ids(`/v1/payments?ending_before=${a1}`, theirs)).toEqual([other]);

    // A deleted webhook endpoint's id still pages the endpoints.
    const endpoint = async () =>
      (await gw.request<{ id: string }>('POST', '/v1/webhooks', { token: mine, body: { url: receiver.url, events: ['*'] } })).body.id;
    const [e1, e2, e3] = [await endpoint(), await endpoint(), await endpoint()];
    expect((await gw.request('DELETE', `/v1/webhooks/${e2}`, { token: mine })).status).toBe(200);
    expect(await ids(`/v1/webhooks?starting_after=${e2}`, mine)).toEqual([e1]);
    expect(await ids(`/v1/webhooks?ending_before=${e2}`, mine)).toEqual([e3]);
  });

  it('pages the API clients by a client id an operator chose, when it names a client of the organization', async () => {
    const client = await gw.client();
    const t = await client.token();
    // A client id chosen as BOOTSTRAP_CLIENT_ID or in a seed file is, or is not, the caller's.
    const chosen = `ops-${newId('request').slice(4, 14)}`;
    await provisionClient(
      gw.db,
      { name: 'chosen', clientId: chosen, organizationId: client.organizationId, secretHashLogN: SECRET_HASH_LOG_N_RANGE.min },
      gw.gateway.clock,
    );
    const elsewhere = `ops-${newId('request').slice(4, 14)}x`;
    await provisionClient(gw.db, { name: 'elsewhere', clientId: elsewhere, secretHashLogN: SECRET_HASH_LOG_N_RANGE.min }, gw.gateway.clock);
    // Ordered by id: `ops-...` sorts after every `cli-...`, so it is listed first.
    expect(await ids('/v1/clients', t)).toEqual([chosen, client.clientId]);
    expect(await ids(`/v1/clients?starting_after=${chosen}`, t)).toEqual([client.clientId]);
    expect(await ids(`/v1/clients?ending_before=${client.clientId}`, t)).toEqual([chosen]);
    // A `cli-` id of no client is a position; another organization's chosen id is refused like any unknown word.
    expect(await ids(`/v1/clients?starting_after=${newId('client')}`, t)).toEqual([client.clientId]);
    expect(await refused(`/v1/clients?starting_after=${elsewhere}`, 'starting_after', t)).toMatch(/a client id \(`cli-`/);
    expect(await refused('/v1/clients?starting_after=nothing-here', 'starting_after', t)).toBe(
      await refused(`/v1/clients?starting_after=${elsewhere}`, 'starting_after', t),
    );
  });
});
