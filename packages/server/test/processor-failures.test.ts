/**
 * A processor that fails an operation without an answer: unreachable (Stripe or
 * Mercado Pago down), an unknown outcome (a timeout after sending), or a
 * connector that throws something of its own (a bug, a package's unexpected
 * error). For a capture or a refund the merchant gets 503 `service_unavailable`
 * with Retry-After, never a 500 or a stack trace; what the request recorded
 * stays pending, and its recovery job finishes it once the processor answers
 * again (connectors/routed-card-network.ts `operate`, errors/handler.ts). An
 * authorization that may have reached the processor is a PENDING payment
 * (`09`), looked up later; one that reached no processor is REJECTED `91`. Real
 * gateway, real HTTP, both dialects, a connector registered as a processor's
 * folder registers one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import type { CardNetworkConnector, OperationResult } from '../src/connectors/card-network/connector.js';
import { ConnectorOutcomeUnknown, ConnectorUnreachable } from '../src/connectors/http.js';
import type { ConnectorDefinition } from '../src/connectors/registry.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { MovableTime } from './support/clock.js';
import { routeCardsTo } from './support/connector-accounts.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { eventually } from './support/wait.js';

interface Refund {
  id: string;
  status: string;
  amount: string;
}
interface ErrorReply {
  error: { code: string; message: string; details: unknown[]; request_id: string };
}

const FAILURES = {
  'a plain error of the connector': () => new Error('boom at /srv/connector/index.js:12'),
  'the processor unreachable': () => new ConnectorUnreachable('connect ECONNREFUSED 10.0.0.1:443'),
  "the processor's answer unknown": () => new ConnectorOutcomeUnknown('socket hang up after the request was sent'),
} as const;
type Failure = keyof typeof FAILURES;
/** Each failure, once per operation below. */
const FAILURE_KINDS = Object.keys(FAILURES) as Failure[];

/** What the processor's refunds, captures and authorizations do now (each test sets it): answer, or throw. */
let failing: Failure | undefined;
/** The authorizations the processor took, by our reference (what its lookup finds). */
const authorized = new Set<string>();
const answer = async (): Promise<OperationResult> => {
  if (failing) throw FAILURES[failing]();
  return { outcome: 'succeeded', responseCode: '00' };
};

const flakyProcessor: ConnectorDefinition = {
  id: 'flaky-processor',
  description: 'A processor whose refunds and captures fail while the test says so (tests only).',
  families: ['card'],
  credentials: Type.Object({ label: Type.String() }, { additionalProperties: false }),
  card: (): CardNetworkConnector => ({
    available: true,
    authorize: async (request) => {
      // A failure after sending: the processor took it, as a timeout's request may have been.
      if (failing !== 'the processor unreachable') authorized.add(request.reference);
      if (failing) throw FAILURES[failing]();
      return { outcome: 'approved', responseCode: '00', networkReference: `net_${request.reference}` };
    },
    lookup: async (reference) => (authorized.has(reference) ? { outcome: 'approved', responseCode: '00', networkReference: `net_${reference}` } : undefined),
    capture: answer,
    void: async () => ({ outcome: 'succeeded', responseCode: '00' }),
    reverse: async () => ({ outcome: 'succeeded', responseCode: '00' }),
    adjust: async () => ({ outcome: 'succeeded', responseCode: '00' }),
    refund: answer,
    decideDispute: async () => ({ outcome: 'lost', reason: 'flaky processor' }),
  }),
};

describe.each(dialects)('a processor failing without an answer, on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let visa: string;
  const time = new MovableTime();

  const logLines: string[] = [];

  beforeAll(async () => {
    gw = await startGateway(
      dialect,
      { LOG_LEVEL: 'error' },
      { connectors: [flakyProcessor], time, logStream: { write: (line: string) => void logLines.push(line) } },
    );
    token = await (await gw.client()).token();
    await routeCardsTo(gw, token, 'flaky-processor', { label: 'flaky' });
    visa = await tokenize(gw, token, { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  const payment = async (id: string) => (await gw.request<PaymentReply>('GET', `/v1/payments/${id}`, { token })).body;
  const refundsOf = async (paymentId: string) => (await gw.request<{ data: Refund[] }>('GET', `/v1/refunds?payment_id=${paymentId}`, { token })).body.data;

  function expectUnavailable(reply: { status: number; headers: Headers; text: string; body: unknown }): void {
    expect(reply.status, reply.text).toBe(503);
    expect((reply.body as ErrorReply).error.code).toBe('service_unavailable');
    expect(reply.headers.get('retry-after')).toBe('5');
    // Nothing of the connector's own error reaches the merchant.
    expect(reply.text).not.toMatch(/boom|ECONNREFUSED|hang up|\.js:|\bat \w/);
  }

  it.each(FAILURE_KINDS)('a refund: %s is 503; the refund stays PENDING and its recovery job settles it', async (failure) => {
    failing = undefined;
    const paid = await pay(gw, token, { instrumentId: visa, amount: 100, capture: false });
    expect(paid.body.status, paid.text).toBe('AUTHORIZED');
    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${paid.body.id}/capture`, { token, body: {} });
    expect(captured.status, captured.text).toBe(200);
    expect(captured.body.captured_at).toEqual(expect.any(String));

    failing = failure;
    const reply = await gw.request<ErrorReply>('POST', '/v1/refunds', { token, body: { payment_id: paid.body.id, amount: 40, currency: 'USD' } });
    expectUnavailable(reply);
    const [pending, ...others] = await refundsOf(paid.body.id);
    expect(others).toEqual([]);
    expect(pending).toMatchObject({ status: 'PENDING', amount: '40.00' });
    // The pending refund holds its amount: no second refund can take it meanwhile.
    const over = await gw.request<ErrorReply>('POST', '/v1/refunds', { token, body: { payment_id: paid.body.id, amount: 61, currency: 'USD' } });
    expect(over.status, over.text).toBe(409);
    expect(over.body.error.code).toBe('refund_exceeds_captured');

    failing = undefined;
    time.advance(61);
    const settled = await eventually(
      async () => (await refundsOf(paid.body.id))[0]!,
      (r) => r.status !== 'PENDING',
    );
    expect(settled).toMatchObject({ id: pending!.id, status: 'SUCCEEDED', amount: '40.00' });
    expect(await payment(paid.body.id)).toMatchObject({ amount_refunded: '40.00' });
  });

  it.each(FAILURE_KINDS)('a capture: %s is 503; the payment is not captured until its recovery job captures it', async (failure) => {
    failing = undefined;
    const paid = await pay(gw, token, { instrumentId: visa, amount: 100, capture: false });
    expect(paid.body.status, paid.text).toBe('AUTHORIZED');

    failing = failure;
    const reply = await gw.request<ErrorReply>('POST', `/v1/payments/${paid.body.id}/capture`, { token, body: {} });
    expectUnavailable(reply);
    expect(await payment(paid.body.id)).toMatchObject({ status: 'AUTHORIZED', captured_at: null, amount_captured: '0.00' });

    failing = undefined;
    time.advance(61);
    const captured = await eventually(
      () => payment(paid.body.id),
      (p) => p.captured_at !== null,
    );
    expect(captured).toMatchObject({ status: 'APPROVED', amount_captured: '100.00' });
  });

  it.each(FAILURE_KINDS.filter((f) => f !== 'the processor unreachable'))(
    'an authorization: %s leaves the payment PENDING (09), and its lookup settles it',
    async (failure) => {
      failing = failure;
      const paid = await pay(gw, token, { instrumentId: visa, amount: 100 });
      expect(paid.status, paid.text).toBe(201);
      expect(paid.body).toMatchObject({ status: 'PENDING', response_code: '09' });
      expect(paid.text).not.toMatch(/boom|hang up|\.js:/);
      if (failure === 'a plain error of the connector') {
        // The operator sees the connector's error in the log; the merchant does not.
        expect(logLines.some((l) => l.includes('connector failed in an authorization') && l.includes('boom'))).toBe(true);
      }

      failing = undefined;
      time.advance(61);
      const settled = await eventually(
        () => payment(paid.body.id),
        (p) => p.status !== 'PENDING',
      );
      expect(settled).toMatchObject({ status: 'APPROVED', response_code: '00' });
    },
  );

  it('an authorization: the processor unreachable, with no other account to try, is REJECTED 91 and nothing was charged', async () => {
    failing = 'the processor unreachable';
    const paid = await pay(gw, token, { instrumentId: visa, amount: 100 });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({ status: 'REJECTED', response_code: '91' });
    failing = undefined;
  });
});
