/**
 * The rules of the card payment path (payments/authorize.ts, payments/lifecycle.ts)
 * that the API tests reach only with the sandbox simulator: a remote network
 * (the two-step authorize), a processor's own 3-D Secure page, an answer
 * recorded twice, an operation interrupted and resumed by its recovery job, a
 * processor that captured or cancelled on its own, and what retries of an
 * order_id must repeat. The network here is a scripted connector standing in
 * for the processor; the gateway, its database (both dialects) and the
 * lifecycle are the real ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { tokenize } from './support/cards.js';
import { PaymentLifecycle, paymentEventData, type ActionOutcome } from '../src/payments/lifecycle.js';
import { authorizeAndRecord, orderRaceWinner, sameOrder, type OrderTerms } from '../src/payments/authorize.js';
import { screenedPayment } from '../src/payments/screened.js';
import { findPaymentById, pendingPayment, type PaymentRow, type PaymentWithCard } from '../src/payments/store.js';
import { SandboxClock } from '../src/clock/clock.js';
import { Secret } from '../src/crypto/secret.js';
import { newId } from '../src/lib/ids.js';
import { isUniqueViolation } from '../src/db/database.js';
import type { AuthorizationResult, CardNetworkConnector, OperationResult } from '../src/connectors/card-network/connector.js';
import type { Decision } from '../src/fraud/service.js';

const APPROVED: AuthorizationResult = { outcome: 'approved', responseCode: '00', approvalCode: 'A1B2C3', networkReference: 'net-approved' };
const REFUSED: OperationResult = { outcome: 'rejected', responseCode: '12' };
const CARD = { number: new Secret('4242424242424242'), cvv: new Secret('123'), expMonth: 12, expYear: 2040, holderName: 'Ana Gomez' };

/** A processor whose answers the test decides; `calls` lists what it was asked, in order. */
/** Amounts as numbers: PostgreSQL's bigint columns read as strings. */
function plain<T extends object>(row: T): T {
  const copy = { ...row } as Record<string, unknown>;
  for (const key of ['amount', 'amount_authorized', 'amount_captured', 'amount_refunded', 'installments']) if (key in copy) copy[key] = Number(copy[key]);
  return copy as T;
}

function scripted(script: { authorize?: AuthorizationResult; inDatabase?: boolean; operation?: OperationResult | 'unreachable' } = {}) {
  const calls: string[] = [];
  const operation = async (name: string, r: { networkReference: string; amount: number }): Promise<OperationResult> => {
    calls.push(`${name} ${r.amount}`);
    if (script.operation === 'unreachable') throw new Error('connect ECONNREFUSED');
    return script.operation ?? { outcome: 'succeeded', responseCode: '00' };
  };
  const network: CardNetworkConnector = {
    available: true,
    authorize: async () => {
      calls.push('authorize');
      return script.authorize ?? APPROVED;
    },
    lookup: async () => undefined,
    capture: (r) => operation('capture', r),
    void: (r) => operation('void', r),
    reverse: (r) => operation('reverse', r),
    adjust: (r) => operation('adjust', r),
    refund: (r) => operation('refund', r),
    decideDispute: async () => ({ outcome: 'lost', reason: 'scripted' }),
  };
  if (script.inDatabase)
    network.withinFor = async () => async () => {
      calls.push('authorize in the database');
      return script.authorize ?? APPROVED;
    };
  return { network, calls };
}

describe('the same order_id must be the same charge (sameOrder)', () => {
  const existing = {
    amount: 1000,
    currency: 'USD',
    instrument_id: 'ins-a',
    terminal_id: 'trm-1',
    installments: 3,
    capture_mode: 'manual',
  } as unknown as PaymentWithCard;
  const terms: OrderTerms = {
    orderId: 'o-1',
    minor: 1000,
    currency: 'USD',
    instrumentId: 'ins-a',
    terminalId: 'trm-1',
    installments: 3,
    captureMode: 'manual',
  };
  const conflict = (changed: Partial<OrderTerms>) => {
    try {
      sameOrder(existing, { ...terms, ...changed });
    } catch (error) {
      return error as { code: string; message: string };
    }
    return undefined;
  };

  it('a retry with every term the same, or with the optional terms left out, is the first payment', () => {
    expect(sameOrder(existing, terms)).toBe(existing);
    expect(sameOrder(existing, { orderId: 'o-1', minor: 1000, currency: 'USD' })).toBe(existing);
  });

  it('another terminal or number of installments is 409 order_id_conflict naming what differs', () => {
    expect(conflict({ terminalId: 'trm-2' })).toMatchObject({
      code: 'order_id_conflict',
      message: 'order_id o-1 was already used for a payment with another terminal.',
    });
    expect(conflict({ installments: 6 })).toMatchObject({
      code: 'order_id_conflict',
      message: 'order_id o-1 was already used for a payment with another number of installments.',
    });
    expect(conflict({ instrumentId: 'ins-b' })?.message).toBe('order_id o-1 was already used for a payment with another instrument.');
    expect(conflict({ captureMode: 'automatic' })).toMatchObject({
      code: 'order_id_conflict',
      message: 'order_id o-1 was already used for a payment with another capture setting.',
    });
    expect(conflict({ minor: 999, terminalId: 'trm-2' })?.message).toBe(
      'order_id o-1 was already used for a payment with another amount or currency and terminal.',
    );
  });
});

describe('what a card payment event says (paymentEventData)', () => {
  const base = pendingPayment({
    id: 'pay-1',
    organization_id: 'org-1',
    order_id: 'o-1',
    instrument_id: 'ins-1',
    amount: 5000,
    currency: 'USD',
    description: null,
    capture_mode: 'manual',
    created_at: '2026-01-01T00:00:00.000Z',
  });

  it('current_amount: captured less refunded once captured; before, the authorization (or the amount before any)', () => {
    const captured = {
      ...base,
      status: 'APPROVED',
      amount_authorized: 5000,
      amount_captured: 4000,
      amount_refunded: 1500,
      captured_at: base.created_at,
    } as PaymentRow;
    expect(paymentEventData(captured).payment).toMatchObject({ current_amount: 25, transaction: { status: 'APPROVED', status_detail: 'CAPTURED' } });
    const adjusted = { ...base, status: 'AUTHORIZED', amount_authorized: 4200 } as PaymentRow;
    expect(paymentEventData(adjusted).payment).toMatchObject({ current_amount: 42, transaction: { status: 'AUTHORIZED', status_detail: 'AUTHORIZED' } });
    const uncaptured = { ...base, status: 'APPROVED', amount_authorized: 5000 } as PaymentRow;
    expect(paymentEventData(uncaptured).payment.transaction).toEqual({ status: 'APPROVED', status_detail: 'SUCCESS' });
    // Nothing authorized yet (declined): the payment's amount.
    expect(paymentEventData({ ...base, status: 'REJECTED' } as PaymentRow).payment).toMatchObject({
      current_amount: 50,
      transaction: { status_detail: 'REJECTED' },
    });
  });

  it("carries the payment's 3-D Secure result when it had one, and no three_ds member otherwise", () => {
    const threeDs = { version: '2.2.0', flow: 'frictionless', outcome: 'authenticated', eci: '05', liability_shift: true };
    expect(paymentEventData({ ...base, three_ds: JSON.stringify({ ...threeDs, return_url: null }) }).payment.three_ds).toEqual(threeDs);
    expect(paymentEventData(base).payment).not.toHaveProperty('three_ds');
  });
});

describe.each(dialects)('card payment rules, on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let instrumentId: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    client = await gw.client();
    instrumentId = await tokenize(gw, await client.token(), { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  const clock = () => new SandboxClock(gw.db, true);
  const lifecycleOf = (network: CardNetworkConnector) => new PaymentLifecycle(gw.db, network, gw.gateway.config.cards, clock());
  const newRow = (fields: Partial<PaymentRow> = {}) =>
    pendingPayment({
      id: newId('payment'),
      organization_id: client.organizationId,
      order_id: `rules-${newId('request')}`,
      instrument_id: instrumentId,
      amount: 1000,
      currency: 'USD',
      description: null,
      capture_mode: 'manual',
      created_at: clock().realIso(),
      ...fields,
    });
  const decision = (kind: Decision['decision']): Decision => ({
    score: kind === 'decline' ? 100 : 0,
    decision: kind,
    threeDs: false,
    rulesHit: [],
    newCard: false,
    clientId: client.clientId,
    instrumentId,
    amount: 1000,
    currency: 'USD',
  });
  const termsOf = (row: PaymentRow): OrderTerms => ({
    orderId: row.order_id,
    minor: Number(row.amount),
    currency: row.currency,
    instrumentId: row.instrument_id!,
  });
  const authorize = (network: CardNetworkConnector, row: PaymentRow, fraud = decision('approve')) =>
    authorizeAndRecord({ db: gw.db, network, lifecycle: lifecycleOf(network) }, screenedPayment(row, fraud), fraud, CARD, {
      terms: termsOf(row),
      instrument: { brand: 'visa', last_four: '4242' },
      withinTransaction: true,
    });
  const payment = async (id: string) => plain((await findPaymentById(gw.db, id))!);
  const events = async (id: string) =>
    (await gw.db.selectFrom('events').select(['id', 'type']).where('payment_id', '=', id).orderBy('id').execute()).map((e) => e.type);
  const transactions = async (id: string) =>
    (
      await gw.db.selectFrom('transactions').select(['id', 'type', 'status', 'amount', 'response_code']).where('payment_id', '=', id).orderBy('id').execute()
    ).map(plain);
  const jobs = async (id: string) =>
    (await gw.db.selectFrom('jobs').select(['type', 'payload']).where('payload', 'like', `%${id}%`).orderBy('id').execute()).map((j) => ({
      type: j.type,
      payload: JSON.parse(j.payload) as Record<string, unknown>,
    }));
  /** An AUTHORIZED payment of 10.00 (manual capture), through the in-database path. */
  const authorized = async (fields: Partial<PaymentRow> = {}) => {
    const { payment: made } = await authorize(scripted({ inDatabase: true }).network, newRow(fields));
    return made;
  };

  describe('authorizing (authorizeAndRecord)', () => {
    it('a network in this database answers inside the insert: the remote call is never made, and the answer names the card', async () => {
      const { network, calls } = scripted({ inDatabase: true });
      const row = newRow();
      const answer = await authorize(network, row);
      expect(calls).toEqual(['authorize in the database']);
      expect({ ...answer, payment: plain(answer.payment) }).toMatchObject({
        created: true,
        payment: { id: row.id, status: 'AUTHORIZED', card_brand: 'visa', last_four: '4242', amount_authorized: 1000 },
      });
      expect(await payment(row.id)).toMatchObject({ status: 'AUTHORIZED', pending_action: null, network_reference: 'net-approved' });
      expect(await transactions(row.id)).toMatchObject([{ type: 'authorization', status: 'SUCCEEDED' }]);
    });

    it('a remote network: the payment is recorded, then authorized; its authorization transaction, event and expiry job', async () => {
      const { network, calls } = scripted();
      const row = newRow();
      const answer = await authorize(network, row);
      expect(calls).toEqual(['authorize']);
      expect({ ...answer, payment: plain(answer.payment) }).toMatchObject({
        created: true,
        payment: { id: row.id, status: 'AUTHORIZED', response_code: '00', approval_code: 'A1B2C3', card_brand: 'visa' },
      });
      expect(await transactions(row.id)).toMatchObject([{ type: 'authorization', status: 'SUCCEEDED', amount: 1000, response_code: '00' }]);
      expect(await events(row.id)).toEqual(['payment.card.authorized']);
      expect((await jobs(row.id)).map((j) => j.type)).toContain('payment.expire_authorization');
    });

    it('a payment the fraud rules decline is REJECTED with code 59 and no network is asked, in-database or remote', async () => {
      for (const inDatabase of [true, false]) {
        const { network, calls } = scripted({ inDatabase });
        const row = newRow();
        const answer = await authorize(network, row, decision('decline'));
        expect(calls).toEqual([]);
        expect({ ...answer, payment: plain(answer.payment) }).toMatchObject({
          created: true,
          payment: { id: row.id, status: 'REJECTED', response_code: '59', card_brand: 'visa' },
        });
        expect(await events(row.id)).toEqual(['payment.card.rejected']);
      }
    });

    it("the network's decline: REJECTED with its code and the rejected event, and no expiry job for an authorization that never was", async () => {
      const row = newRow();
      await authorize(scripted({ authorize: { outcome: 'declined', responseCode: '51', networkReference: 'net-declined' } }).network, row);
      expect(await payment(row.id)).toMatchObject({ status: 'REJECTED', response_code: '51' });
      expect(await events(row.id)).toEqual(['payment.card.rejected']);
      expect(await transactions(row.id)).toMatchObject([{ type: 'authorization', status: 'REJECTED', response_code: '51' }]);
      expect((await jobs(row.id)).map((j) => j.type)).not.toContain('payment.expire_authorization');
    });

    it("the network's pending answer keeps its response code on the PENDING payment, in-database or remote", async () => {
      const pending: AuthorizationResult = { outcome: 'pending', responseCode: '09', networkReference: 'net-pending' };
      for (const inDatabase of [true, false]) {
        const row = newRow();
        await authorize(scripted({ authorize: pending, inDatabase }).network, row);
        expect(await payment(row.id)).toMatchObject({ status: 'PENDING', response_code: '09', pending_action: null });
        expect(await events(row.id)).toEqual([]);
        expect((await jobs(row.id)).map((j) => j.type)).toContain('payment.resolve_pending');
      }
    });

    it("a processor that sends the cardholder to its own 3-D Secure page: PENDING, waiting for the authentication at the processor's page", async () => {
      const row = newRow();
      const action = { redirectUrl: 'https://processor.example/3ds/abc' };
      await authorize(scripted({ authorize: { outcome: 'pending', responseCode: '', networkReference: 'pi_123', action } }).network, row);
      const waiting = await payment(row.id);
      expect(waiting).toMatchObject({ status: 'PENDING', pending_action: 'authenticate', network_reference: 'pi_123' });
      expect(JSON.parse(waiting.three_ds!)).toMatchObject({ outcome: 'challenge_pending', redirect_url: action.redirectUrl });
      expect(await events(row.id)).toEqual(['payment.card.action_required']);
      expect((await jobs(row.id)).map((j) => j.type)).not.toContain('payment.resolve_pending');
    });

    it('only a pending answer sends the cardholder to authenticate: a decline that also names a page is a decline', async () => {
      const row = newRow();
      const action = { redirectUrl: 'https://processor.example/3ds/declined' };
      await authorize(scripted({ authorize: { outcome: 'declined', responseCode: '05', networkReference: 'pi_456', action } }).network, row);
      expect(await payment(row.id)).toMatchObject({ status: 'REJECTED', response_code: '05', pending_action: null, three_ds: null });
      expect(await events(row.id)).toEqual(['payment.card.rejected']);
    });

    it("an answer recorded once only: a second one (another process's) changes nothing and says so", async () => {
      const row = newRow();
      const pending: AuthorizationResult = { outcome: 'pending', responseCode: '09', networkReference: 'net-pending' };
      await authorize(scripted({ authorize: pending }).network, row);
      const lifecycle = lifecycleOf(scripted().network);
      const waiting = await payment(row.id);
      expect(await lifecycle.recordAuthorization(waiting, APPROVED)).toBe(true);
      expect(await lifecycle.recordAuthorization(waiting, APPROVED)).toBe(false);
      expect(await payment(row.id)).toMatchObject({ status: 'AUTHORIZED', response_code: '00' });
      expect(await transactions(row.id)).toMatchObject([{ type: 'authorization', status: 'SUCCEEDED', response_code: '00' }]);
      expect(await events(row.id)).toEqual(['payment.card.authorized']);
    });

    it("losing the race for the order_id answers the winner's payment, not created; other terms are 409", async () => {
      const first = newRow();
      await authorize(scripted({ inDatabase: true }).network, first);
      for (const inDatabase of [true, false]) {
        const { network, calls } = scripted({ inDatabase });
        const answer = await authorize(network, newRow({ order_id: first.order_id }));
        expect({ ...answer, payment: plain(answer.payment) }).toMatchObject({ created: false, payment: { id: first.id, status: 'AUTHORIZED' } });
        expect(calls).toEqual(inDatabase ? ['authorize in the database'] : []);
        await expect(authorize(network, newRow({ order_id: first.order_id, amount: 1001 }))).rejects.toMatchObject({ code: 'order_id_conflict' });
      }
    });

    it('an order_id an alternative payment holds is 409; another unique violation, and any other error, is thrown as it was', async () => {
      const token = await client.token();
      const orderId = `rules-apm-${newId('request')}`;
      const apm = await gw.request('POST', '/v1/payments/intents', {
        token,
        body: { order_id: orderId, amount: 15050, currency: 'COP', rail_id: 'WALLET_OTP', rail_type: 'WALLET', customer: { phone_number: '3001112233' } },
      });
      expect(apm.status, apm.text).toBeLessThan(300);
      await expect(authorize(scripted({ inDatabase: true }).network, newRow({ order_id: orderId }))).rejects.toMatchObject({
        code: 'order_id_conflict',
        message: `order_id ${orderId} was already used for an alternative payment.`,
      });
      // The id taken (not the order_id): the database's own error, not a conflict of orders.
      const first = await authorized();
      const sameId = authorize(scripted({ inDatabase: true }).network, newRow({ id: first.id }));
      await expect(sameId).rejects.toSatisfy((error: unknown) => isUniqueViolation(error));
      // Not a unique violation: thrown again, even though the order has a payment.
      const failure = new Error('disk I/O error');
      await expect(orderRaceWinner(gw.db, client.organizationId, termsOf(first), failure)).rejects.toBe(failure);
    });
  });

  describe('operations after the authorization', () => {
    it('an operation interrupted after its claim leaves its recovery job; resumed, it completes; a second claim is refused', async () => {
      const made = await authorized();
      await expect(lifecycleOf(scripted({ operation: 'unreachable' }).network).capture(made, 400)).rejects.toThrow('ECONNREFUSED');
      expect(await payment(made.id)).toMatchObject({ status: 'AUTHORIZED', pending_action: 'capture', captured_at: null });
      const recovery = () => jobs(made.id).then((all) => all.filter((j) => j.type === 'payment.recover_action'));
      expect(await recovery()).toEqual([{ type: 'payment.recover_action', payload: { payment_id: made.id, action: 'capture', amount: 400 } }]);
      // The claim is held: another capture is refused and leaves no second recovery job.
      await expect(lifecycleOf(scripted().network).capture(made, 400)).rejects.toMatchObject({
        code: 'payment_in_progress',
        message: 'The payment changed meanwhile; fetch it and retry.',
      });
      expect(await recovery()).toHaveLength(1);
      // The recovery job resumes it without claiming again.
      const { network, calls } = scripted();
      const done = await lifecycleOf(network).capture(await payment(made.id), 400, { resume: true });
      expect(calls).toEqual(['capture 400']);
      expect(plain(done.payment)).toMatchObject({ status: 'APPROVED', amount_captured: 400, pending_action: null });
      expect(plain(done.transaction)).toMatchObject({ type: 'capture', status: 'SUCCEEDED', amount: 400 });
    });

    it("an interrupted adjustment's recovery job names the adjustment, so the retry is the same one", async () => {
      const made = await authorized();
      await expect(lifecycleOf(scripted({ operation: 'unreachable' }).network).adjust(made, 800, { transactionId: 'trx-adjust-1' })).rejects.toThrow();
      expect((await jobs(made.id)).filter((j) => j.type === 'payment.recover_action').map((j) => j.payload)).toEqual([
        { payment_id: made.id, action: 'adjust', amount: 800, transaction_id: 'trx-adjust-1' },
      ]);
    });

    it('an operation another process recorded first answers the transaction that process recorded', async () => {
      const made = await authorized();
      const lifecycle = lifecycleOf(scripted().network);
      const captured: ActionOutcome = await lifecycle.capture(made, 1000);
      // The recovery job, resuming a capture already recorded: the recorded capture is the answer.
      const again = await lifecycle.capture(made, 1000, { resume: true });
      expect(again.transaction).toMatchObject({ id: captured.transaction.id, type: 'capture', status: 'SUCCEEDED' });
      expect(plain(again.payment)).toMatchObject({ status: 'APPROVED', amount_captured: 1000 });
      expect((await transactions(made.id)).filter((t) => t.type === 'capture')).toHaveLength(1);

      const held = await authorized();
      const adjusted = await lifecycle.adjust(held, 700);
      const resumed = await lifecycle.adjust(held, 700, { resume: true, transactionId: adjusted.transaction.id });
      expect(plain(resumed.transaction)).toMatchObject({ id: adjusted.transaction.id, type: 'adjustment', status: 'SUCCEEDED', amount: 700 });
    });

    it('the latest of several transactions of a type is the answer: the capture after a refused one', async () => {
      const made = await authorized();
      await expect(lifecycleOf(scripted({ operation: REFUSED }).network).capture(made, 300)).rejects.toMatchObject({ code: 'conflict' });
      const lifecycle = lifecycleOf(scripted().network);
      const captured = await lifecycle.capture(made, 300);
      const again = await lifecycle.capture(made, 300, { resume: true });
      expect(again.transaction).toMatchObject({ id: captured.transaction.id, status: 'SUCCEEDED' });
    });

    it('a refusal names the operation the network refused', async () => {
      const refusing = lifecycleOf(scripted({ operation: REFUSED }).network);
      await expect(refusing.capture(await authorized(), 500)).rejects.toThrow(/^The network refused the capture \(response code 12\); see transaction trx-/);
      await expect(refusing.adjust(await authorized(), 500)).rejects.toThrow(/^The network refused the adjustment \(response code 12\)/);
      await expect(refusing.void(await authorized())).rejects.toThrow(/^The network refused the cancellation \(response code 12\)/);
      await expect(refusing.reverse(await authorized())).rejects.toThrow(/^The network refused the reversal \(response code 12\)/);
    });

    it('a void or reversal the network accepts cancels the payment with its event; a refused one announces nothing', async () => {
      const lifecycle = lifecycleOf(scripted().network);
      for (const release of ['void', 'reverse'] as const) {
        const made = await authorized();
        const done = await lifecycle[release](made);
        expect(plain(done.payment)).toMatchObject({ status: 'CANCELLED', pending_action: null });
        expect(plain(done.transaction)).toMatchObject({ type: release === 'void' ? 'void' : 'reversal', status: 'SUCCEEDED', amount: 1000 });
        expect(await events(made.id)).toEqual(['payment.card.authorized', 'payment.card.cancelled']);
      }
      const refused = await authorized();
      await expect(lifecycleOf(scripted({ operation: REFUSED }).network).void(refused)).rejects.toMatchObject({ code: 'conflict' });
      expect(await events(refused.id)).toEqual(['payment.card.authorized']);
    });
  });

  describe("the processor's own capture or cancel (recordProcessorAction)", () => {
    const notified = (id: string, action: { type: 'capture'; amount: number } | { type: 'void' }) =>
      gw.db.transaction().execute((trx) => lifecycleOf(scripted().network).recordProcessorAction(trx, id, action, clock().realIso()));

    it('a capture of part or all of the authorization is recorded as the gateway would: APPROVED, the capture transaction, its event', async () => {
      for (const amount of [1, 640, 1000]) {
        const made = await authorized();
        expect(await notified(made.id, { type: 'capture', amount })).toBe(true);
        const after = await payment(made.id);
        expect(after).toMatchObject({ status: 'APPROVED', amount_captured: amount, cancelled_at: null });
        expect(after.captured_at).toEqual(expect.any(String));
        expect((await transactions(made.id)).filter((t) => t.type === 'capture')).toMatchObject([{ status: 'SUCCEEDED', amount, response_code: '00' }]);
        expect(await events(made.id)).toEqual(['payment.card.authorized', 'payment.card.captured']);
      }
    });

    it('a cancel of an uncaptured payment, AUTHORIZED or APPROVED: CANCELLED, the void of the whole authorization, its event', async () => {
      for (const captureMode of ['manual', 'automatic'] as const) {
        const made = await authorized({ capture_mode: captureMode });
        expect(made.status).toBe(captureMode === 'manual' ? 'AUTHORIZED' : 'APPROVED');
        expect(await notified(made.id, { type: 'void' })).toBe(true);
        const after = await payment(made.id);
        expect(after).toMatchObject({ status: 'CANCELLED', amount_captured: 0, captured_at: null });
        expect(after.cancelled_at).toEqual(expect.any(String));
        expect(await transactions(made.id)).toMatchObject([
          { type: 'authorization', status: 'SUCCEEDED' },
          { type: 'void', status: 'SUCCEEDED', amount: 1000, response_code: '00' },
        ]);
        expect(await events(made.id)).toEqual([captureMode === 'manual' ? 'payment.card.authorized' : 'payment.card.approved', 'payment.card.cancelled']);
      }
    });

    it('nothing changes for an amount outside the authorization, an unknown payment, an echo of a capture, or an operation in flight', async () => {
      const made = await authorized();
      expect(await notified(made.id, { type: 'capture', amount: 1001 })).toBe(false);
      expect(await notified(made.id, { type: 'capture', amount: 0 })).toBe(false);
      expect(await notified(newId('payment'), { type: 'capture', amount: 100 })).toBe(false);
      expect(await payment(made.id)).toMatchObject({ status: 'AUTHORIZED', amount_captured: 0, captured_at: null });
      expect(await transactions(made.id)).toHaveLength(1);

      const captured = await authorized({ capture_mode: 'automatic' });
      await lifecycleOf(scripted().network).capture(captured, 1000);
      expect(await notified(captured.id, { type: 'capture', amount: 1000 })).toBe(false);
      expect(await notified(captured.id, { type: 'void' })).toBe(false);
      expect((await transactions(captured.id)).map((t) => t.type)).toEqual(['authorization', 'capture']);

      const inFlight = await authorized();
      await expect(lifecycleOf(scripted({ operation: 'unreachable' }).network).void(inFlight)).rejects.toThrow();
      expect(await notified(inFlight.id, { type: 'capture', amount: 500 })).toBe(false);
      expect(await payment(inFlight.id)).toMatchObject({ status: 'AUTHORIZED', pending_action: 'void', amount_captured: 0 });
      expect(await events(inFlight.id)).toEqual(['payment.card.authorized']);
    });
  });
});
