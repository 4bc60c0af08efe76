/**
 * Every problem of a request in one 422 (docs/api-conventions.md "Errors"): a field of the wrong
 * type does not hide the route's own checks (http/checks.ts), an enum names its values, one field
 * has one message, a body in another content type names the types the route takes, and a
 * malformed Idempotency-Key is named with the body's problems.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, renderingIt } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { encrypt, merchantKey } from './support/cards.js';

interface ErrorReply {
  error: { code: string; message: string; details: Array<{ field: string; message: string }>; request_id: string };
}

const STRICT = { prefer: 'handling=strict' };

describe.each(dialects)('validation details on $name', (dialect) => {
  // What needs no database answers the same on every dialect: run once.
  const pureIt = renderingIt(dialect);
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    gw.request<ErrorReply>(method, path, { token, headers, ...(body === undefined ? {} : { body }) });

  function problems(reply: { status: number; body: ErrorReply; text: string }) {
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body.error.code).toBe('validation_failed');
    return reply.body.error.details;
  }

  pureIt('a webhook endpoint with a wrong-typed field still names its URL and every unknown event type', async () => {
    const body = { url: 'ftp://x', events: ['payment.foo', 'webhook.test'], description: 5 };
    const expected = [
      { field: 'description', message: 'must be string' },
      { field: 'url', message: 'must be an http(s) URL' },
      { field: 'events.0', message: 'unknown event type payment.foo' },
      { field: 'events.1', message: 'unknown event type webhook.test' },
    ];
    expect(problems(await send('POST', '/v1/webhooks', body))).toEqual(expected);
    // The replacement of an endpoint checks its body the same way, before the endpoint is looked up.
    expect(problems(await send('PUT', '/v1/webhooks/whk-nope', body))).toEqual(expected);
    // An enum names its values.
    expect(problems(await send('POST', '/v1/webhooks', { url: 'https://example.com/hook', events: ['*'], status: 'paused' }))).toEqual([
      { field: 'status', message: 'must be one of enabled, disabled' },
    ]);
  });

  pureIt('a card payment with fractional installments still names the amount the currency cannot hold', async () => {
    const body = { amount: 1000.5, currency: 'CLP', order_id: 'order-1', instrument_id: 'ins-x', encrypted_cvv: 'x'.repeat(40), installments: 2.5 };
    for (const path of ['/v1/payments', '/v1/payments/authorizations']) {
      expect(problems(await send('POST', path, body))).toEqual([
        { field: 'installments', message: 'must be integer' },
        { field: 'amount', message: 'CLP amounts have at most 0 decimal places' },
      ]);
    }
    // A clear-text CVV and card data, with a wrong-typed capture: all named.
    expect(problems(await send('POST', '/v1/payments', { ...body, amount: 1000, installments: 1, encrypted_cvv: '123', card: {}, capture: 'yes' }))).toEqual([
      { field: 'capture', message: 'must be boolean' },
      { field: 'card', message: 'card data is not accepted here: tokenize it (POST /v1/instruments) and send instrument_id' },
      { field: 'encrypted_cvv', message: 'must be encrypted with your public key, never the CVV in clear text' },
    ]);
  });

  pureIt("an action's amount no currency can hold is named with the body's unknown fields", async () => {
    const capture = await send('POST', '/v1/payments/pay-nope/capture', { amount: 9999999999.999, foo: 1 }, STRICT);
    expect(problems(capture)).toEqual([
      { field: 'foo', message: 'is not a known field' },
      { field: 'amount', message: 'is too large in every currency with that many decimal places, and has too many for the others' },
    ]);
    expect(capture.headers.get('preference-applied')).toBe('handling=strict');
    expect(problems(await send('POST', '/v1/payments/pay-nope/adjust', { amount: 0, bar: true }, STRICT))).toEqual([
      { field: 'bar', message: 'is not a known field' },
      { field: 'amount', message: 'must be greater than 0' },
    ]);
    expect(problems(await send('POST', '/v1/payments/pay-nope/refund', { amount: 10.1234, currency: 5 }))).toEqual([
      { field: 'currency', message: 'must be string' },
      { field: 'amount', message: 'has more decimal places than any currency (at most 3)' },
    ]);
    // POST /v1/refunds: the same check of its amount, beside a wrong-typed payment_id.
    expect(problems(await send('POST', '/v1/refunds', { payment_id: 5, amount: 10.1234, currency: 'USD' }))).toEqual([
      { field: 'payment_id', message: 'must be string' },
      { field: 'amount', message: 'has more decimal places than any currency (at most 3)' },
    ]);
    // By transaction id too (the same action routes).
    expect(problems(await send('POST', '/v1/transactions/trx-nope/capture', { amount: '0.00' }))).toEqual([
      { field: 'amount', message: 'must be greater than 0' },
    ]);
  });

  pureIt('a list query names its amount filter without currency beside its bad enum and boolean', async () => {
    expect(problems(await send('GET', '/v1/chargebacks?amount_gte=5&reviewed=maybe&status=open'))).toEqual([
      { field: 'status', message: 'must be one of OPEN, ACCEPTED, DISPUTED, WON, LOST' },
      { field: 'reviewed', message: 'must be boolean' },
      { field: 'amount_gte', message: 'needs currency, to read the amount in its minor units' },
    ]);
    expect(problems(await send('GET', '/v1/payments/search?amount_gte=5&amount_lte=1.001&currency=USD&kind=foo'))).toEqual([
      { field: 'kind', message: 'must be one of card, alternative' },
      { field: 'amount_lte', message: 'USD amounts have at most 2 decimal places' },
    ]);
    expect(problems(await send('GET', '/v1/payments/search?amount_gte=5&status=approved'))).toEqual([
      { field: 'status', message: 'must be one of PENDING, APPROVED, AUTHORIZED, REJECTED, CANCELLED, REFUNDED, IN_PROGRESS, DECLINED, FAILED' },
      { field: 'amount_gte', message: 'needs currency: amounts are in major units of one currency' },
    ]);
    expect(problems(await send('GET', '/v1/payments?status=approved&kind=foo'))).toEqual([
      { field: 'status', message: 'must be one of PENDING, APPROVED, AUTHORIZED, REJECTED, CANCELLED, REFUNDED, IN_PROGRESS, DECLINED, FAILED' },
      { field: 'kind', message: 'must be one of card, alternative' },
    ]);
  });

  pureIt("a PCI SAQ D client's direct card names every bad field, the wrong-typed ones by their type", async () => {
    const pci = await (await gw.client({ pciSaqD: true })).token();
    const body = { type: 'CARD', card: { number: '1234', expiration_month: 12, expiration_year: '20300', holder_name: '', cvv: '12345' } };
    const reply = await gw.request<ErrorReply>('POST', '/v1/instruments', { token: pci, body });
    expect(problems(reply)).toEqual([
      { field: 'card.expiration_month', message: 'must be string' },
      { field: 'card.expiration_year', message: 'must NOT have more than 4 characters' },
      { field: 'card.number', message: 'a card number has 12 or 13 or 14 or 15 or 16 or 17 or 18 or 19 digits' },
      { field: 'card.cvv', message: 'must be 3 digits for this card' },
      { field: 'card.holder_name', message: 'must not be empty' },
    ]);
    // Any other client gets 403 for clear card data, whatever the card: its fields are not checked (nor named back).
    const other = await send('POST', '/v1/instruments', body);
    expect([other.status, other.body.error.code, other.body.error.details]).toEqual([403, 'forbidden', []]);
    const valid = { ...body, card: { ...body.card, expiration_month: '12', expiration_year: '2030' } };
    expect((await send('POST', '/v1/instruments', valid)).status).toBe(403);
    expect((await send('POST', '/v1/instruments', { type: 'CARD', card: 'not an object' })).status).toBe(403);
    // An unknown type names the one allowed, with each missing encrypted field.
    expect(
      problems(
        await send('POST', '/v1/instruments', {
          type: 'BANK',
          encrypted_number: 'x',
          encrypted_expiration_month: 'x',
          encrypted_expiration_year: 'x',
          encrypted_holder_name: 'x',
        }),
      ),
    ).toEqual([
      { field: 'type', message: 'must be CARD' },
      { field: 'encrypted_cvv', message: 'is required' },
    ]);
  });

  it('an unknown instrument is named with a CVV that cannot be decrypted', async () => {
    const reply = await send('POST', '/v1/payments', {
      amount: 1000,
      currency: 'COP',
      order_id: 'order-2',
      instrument_id: 'ins-nope',
      encrypted_cvv: 'garbage',
    });
    expect(problems(reply)).toEqual([
      { field: 'instrument_id', message: 'no such instrument' },
      { field: 'encrypted_cvv', message: "could not be decrypted with this organization's encryption keys" },
    ]);
    // A CVV that decrypts, with the unknown instrument: the instrument alone.
    const key = await merchantKey(gw, token);
    const decrypted = await send('POST', '/v1/payments', {
      amount: 1000,
      currency: 'COP',
      order_id: 'order-3',
      instrument_id: 'ins-nope',
      encrypted_cvv: await encrypt(key, '123'),
    });
    expect(problems(decrypted)).toEqual([{ field: 'instrument_id', message: 'no such instrument' }]);
  });

  pureIt('one field, one message', async () => {
    expect(problems(await send('POST', '/v1/organizations', { name: '' }))).toEqual([{ field: 'name', message: 'must NOT have fewer than 1 characters' }]);
    // One message per key of an object whose keys have rules, naming the key.
    const long = 'k'.repeat(41);
    const metadata = problems(await send('POST', '/v1/users', { name: 'Ana', email: 'ana@example.com', metadata: { [long]: 'v', 'bad key': 'v' } }));
    expect(metadata.map((d) => d.field)).toEqual(['metadata', 'metadata']);
    expect(metadata[0]!.message).toBe(`key "${long}" must NOT have more than 40 characters`);
    expect(metadata[1]!.message).toMatch(/^key "bad key" must match pattern /);
  });

  pureIt('a body in a content type the route does not take names the ones it takes', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const reply = await gw.request<ErrorReply>('POST', '/v1/payments', { token, rawBody: '{}', headers: { 'content-type': type } });
      expect(problems(reply)).toEqual([{ field: '(body)', message: 'send the body as application/json' }]);
    }
    const upload = await gw.request<ErrorReply>('POST', '/v1/chargebacks/chb-nope/attachments', {
      token,
      rawBody: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(problems(upload)).toEqual([{ field: '(body)', message: 'send the file as multipart/form-data, or as application/json with content_base64' }]);
  });

  pureIt("a malformed Idempotency-Key is named with the body's problems; alone it is 400", async () => {
    const headers = { 'idempotency-key': 'short' };
    expect(problems(await send('POST', '/v1/organizations', { name: 7 }, headers))).toEqual([
      { field: 'name', message: 'must be string' },
      { field: 'Idempotency-Key', message: 'must be 8 to 64 characters (a UUID v4 is recommended)' },
    ]);
    expect(problems(await send('POST', '/v1/webhooks', { url: 'ftp://x', events: ['*'] }, headers))).toEqual([
      { field: 'url', message: 'must be an http(s) URL' },
      { field: 'Idempotency-Key', message: 'must be 8 to 64 characters (a UUID v4 is recommended)' },
    ]);
    const alone = await send('POST', '/v1/webhooks', { url: 'https://example.com/hook', events: ['*'] }, headers);
    expect([alone.status, alone.body.error.code]).toEqual([400, 'invalid_idempotency_key']);
  });
});
