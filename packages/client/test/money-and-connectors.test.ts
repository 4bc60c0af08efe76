import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/support/dialects.js';
import { AUDIENCE, startGateway, type TestGateway } from '../../server/test/support/gateway.js';
import { Receiver } from '../../server/test/support/receiver.js';
import { ConflictError, InvalidRequestError, NotFoundError, Pasarela, type PasarelaError } from '../src/index.js';

const DAY = 86_400;
const minor = (amount: string) => Math.round(Number(amount) * 100);

/**
 * The money side and the connectors through the typed client against a real
 * gateway on a real port: balance and its settings, settlements, payouts,
 * reports (downloaded as a named File), connector accounts, the connectors
 * list, routing and a webhook endpoint's test event. These are the calls the
 * dashboard makes through `gateway`. Each misspelled field below is marked
 * `@ts-expect-error`: the typecheck fails if the generated types ever stop
 * refusing it, and at run time the gateway's strict handling refuses it too.
 */
describe.each(dialects)('balance, payouts, reports and connectors through @pasarela/client ($name)', (dialect) => {
  let gw: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });

  const merchant = async () => {
    const client = await gw.client();
    return new Pasarela({ baseUrl: gw.baseUrl, clientId: client.clientId, clientSecret: client.secret, audience: AUDIENCE });
  };
  const failure = <T>(promise: PromiseLike<T>) =>
    Promise.resolve(promise).then(
      () => expect.fail('expected an error answer'),
      (e: unknown) => e as PasarelaError,
    );
  const fieldsOf = (error: PasarelaError) => error.details.map((d) => d.field);

  it('settles a rail payment, pays the balance out and reconciles the payout in a report downloaded as its named CSV file', async () => {
    const pasarela = await merchant();
    const settings = await pasarela.balance.settings.update({ payouts: { interval: 'manual' }, bank_account: { account_number: '000123454321' } });
    expect(settings.payouts.interval).toBe('manual');
    expect((await pasarela.balance.settings.retrieve()).bank_account?.last4).toBe('4321');
    // @ts-expect-error `payout` is no field of the settings (`payouts` is).
    const misspelled = await failure(pasarela.balance.settings.update({ payout: { interval: 'daily' } }));
    expect(misspelled).toBeInstanceOf(InvalidRequestError);
    expect(fieldsOf(misspelled)).toEqual(['payout']);

    // A QR payment approved in the sandbox settles at the end of its day (rails T+0): move the test clock past it.
    const intent = await pasarela.intents.create({
      order_id: `rail-${Math.random()}`,
      amount: 42_500,
      currency: 'COP',
      rail_id: 'QR_INTEROP',
      rail_type: 'BANK_TRANSFER',
    });
    await pasarela.sandbox.payments.simulate(intent.payment_id, { outcome: 'approve' });
    const clock = await pasarela.sandbox.clock.retrieve();
    const now = Date.parse(clock.now) / 1000;
    await pasarela.sandbox.clock.advance({ seconds: Math.ceil((Math.floor(now / DAY) + 1) * DAY - now) + 60 });
    expect((await pasarela.balance.retrieve()).balances.find((b) => b.currency === 'COP')).toMatchObject({ available: '42500.00', pending: '0.00' });

    const transactions = await pasarela.balance.transactions.list({ currency: 'COP', type: 'payment' });
    expect(transactions.data.map((t) => t.payment_id)).toEqual([intent.payment_id]);
    expect((await pasarela.balance.transactions.retrieve(transactions.data[0]!.id)).net).toBe('42500.00');

    const settlements = await pasarela.settlements.list({ currency: 'COP' });
    expect(settlements.data).toHaveLength(1);
    const settlement = await pasarela.settlements.retrieve(settlements.data[0]!.id);
    expect(settlement).toMatchObject({ currency: 'COP', net: '42500.00', entry_count: 1, payout_id: null });
    const entries = await pasarela.settlements.entries.list(settlement.id);
    expect(entries.data.map((e) => [e.balance_transaction_id, e.payment_id, e.net])).toEqual([[transactions.data[0]!.id, intent.payment_id, '42500.00']]);

    const payout = await pasarela.payouts.create({ currency: 'COP' });
    expect(payout).toMatchObject({ object: 'payout', amount: '42500.00', currency: 'COP', status: 'in_transit', bank_account: { last4: '4321' } });
    const again = await failure(pasarela.payouts.create({ currency: 'COP' }));
    expect(again).toBeInstanceOf(ConflictError);
    expect(again.code).toBe('balance_insufficient');
    expect((await pasarela.payouts.list({ currency: 'COP' })).data.map((p) => p.id)).toEqual([payout.id]);
    expect((await pasarela.payouts.retrieve(payout.id)).amount).toBe('42500.00');
    expect((await pasarela.settlements.list({ payout_id: payout.id })).data.map((s) => s.id)).toEqual([settlement.id]);

    // @ts-expect-error `payoutId` is no field of the body (`payout_id` is).
    const wrong = await failure(pasarela.reports.create({ type: 'payout_reconciliation', payoutId: payout.id }));
    expect(wrong).toBeInstanceOf(InvalidRequestError);
    expect(fieldsOf(wrong)).toEqual(expect.arrayContaining(['payoutId']));
    const report = await pasarela.reports.create({ type: 'payout_reconciliation', payout_id: payout.id });
    expect(report.status).toBe('succeeded');
    expect((await pasarela.reports.list()).data.map((r) => r.id)).toEqual([report.id]);
    expect(await pasarela.reports.retrieve(report.id)).toMatchObject({ status: 'succeeded', totals: { net: '42500.00' } });

    const file = await pasarela.reports.download(report.id);
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe(`${report.id}.csv`);
    expect(file.type).toMatch(/^text\/csv/);
    const lines = (await file.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('balance_transaction_id,created_at,type,payment_id,order_id,currency,gross,fee,net,settlement_id,payout_id');
    expect(lines.slice(1).map((line) => line.split(','))).toEqual([expect.arrayContaining([transactions.data[0]!.id, intent.payment_id, payout.id])]);
    expect(lines.slice(1).reduce((sum, line) => sum + minor(line.split(',')[8]!), 0)).toBe(minor(payout.amount));

    const json = await pasarela.reports.download((await pasarela.reports.create({ type: 'payout_reconciliation', payout_id: payout.id, format: 'json' })).id);
    expect(json.name).toMatch(/\.json$/);
    expect(JSON.parse(await json.text())).toMatchObject({ object: 'report_data', totals: { net: '42500.00' } });
    expect(await failure(pasarela.reports.download('rpt_missing'))).toBeInstanceOf(NotFoundError);
  });

  it('lists the connectors, keeps an account, routes cards to it and sends a webhook endpoint a test event', async () => {
    const pasarela = await merchant();
    const simulator = (await pasarela.connectors.list()).data.find((c) => c.id === 'simulator');
    expect(simulator?.families).toContain('card');
    expect(simulator?.credentials.map((f) => f.name)).toContain('api_key');

    // @ts-expect-error `connecter` is no field of the body (and `connector` is missing).
    const misspelled = await failure(pasarela.connectorAccounts.create({ connecter: 'simulator', credentials: { api_key: 'key-12345678' } }));
    expect(misspelled).toBeInstanceOf(InvalidRequestError);
    expect(fieldsOf(misspelled)).toEqual(expect.arrayContaining(['connecter']));
    const bad = await failure(pasarela.connectorAccounts.create({ connector: 'simulator', credentials: { api_key: 'short' } }));
    expect(fieldsOf(bad)).toEqual(['credentials.api_key']);

    const account = await pasarela.connectorAccounts.create({ connector: 'simulator', description: 'main', credentials: { api_key: 'key-12345678' } });
    expect(account).toMatchObject({ connector: 'simulator', status: 'enabled', credentials: { fields_set: ['api_key'] } });
    expect((await pasarela.connectorAccounts.list()).data.map((a) => a.id)).toEqual([account.id]);
    expect((await pasarela.connectorAccounts.retrieve(account.id)).description).toBe('main');

    const routing = await pasarela.routing.update({ rules: [{ method_family: 'card', currencies: ['USD'], connector_accounts: [account.id] }] });
    expect(routing.rules).toEqual([expect.objectContaining({ method_family: 'card', currencies: ['USD'], connector_accounts: [account.id] })]);
    expect((await pasarela.routing.retrieve()).rules).toEqual(routing.rules);
    // @ts-expect-error `connector_account` is no field of a rule (`connector_accounts` is).
    const wrongRule = await failure(pasarela.routing.update({ rules: [{ method_family: 'card', connector_account: [account.id] }] }));
    expect(wrongRule).toBeInstanceOf(InvalidRequestError);

    const rotated = await pasarela.connectorAccounts.update(account.id, { credentials: { api_key: 'key-87654321' }, status: 'disabled' });
    expect(rotated.status).toBe('disabled');
    await pasarela.routing.update({ rules: [] });
    expect(await pasarela.connectorAccounts.delete(account.id)).toMatchObject({ id: account.id, deleted: true });
    expect(await failure(pasarela.connectorAccounts.retrieve(account.id))).toBeInstanceOf(NotFoundError);

    const endpoint = await pasarela.webhooks.create({ url: receiver.url, events: ['payout.paid'] });
    const sent = await pasarela.webhooks.test(endpoint.id);
    expect(sent.event.type).toBe('webhook.test');
    expect((await pasarela.webhooks.deliveries.list(endpoint.id)).data.map((d) => [d.id, d.event_id])).toContainEqual([sent.delivery_id, sent.event.id]);
    expect(await failure(pasarela.webhooks.test('we_missing'))).toBeInstanceOf(NotFoundError);
  });
});
