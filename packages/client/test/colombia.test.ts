import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/support/dialects.js';
import { AUDIENCE, startGateway, type TestGateway } from '../../server/test/support/gateway.js';
import { ConflictError, InvalidRequestError, NotFoundError, Pasarela, type ApmPayment, type CardPayment, type PasarelaError } from '../src/index.js';

/**
 * The Colombian features through the typed client against a real gateway on a
 * real port (docs/sandbox.md): Bre-B keys, installments, PSE's payer fields,
 * cash, and 3-D Secure. Each misspelled field below is marked
 * `@ts-expect-error`: the typecheck (`npm run typecheck`) fails if the
 * generated types ever stop refusing it, and at run time the gateway's strict
 * handling refuses it too, naming it.
 */
describe.each(dialects)('the Colombian features through @pasarela/client ($name)', (dialect) => {
  let gw: TestGateway;
  let pasarela: Pasarela;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    const client = await gw.client();
    pasarela = new Pasarela({ baseUrl: gw.baseUrl, clientId: client.clientId, clientSecret: client.secret, audience: AUDIENCE });
  });
  afterAll(() => gw?.close());

  const failure = <T>(promise: Promise<T>) =>
    promise.then(
      () => expect.fail('expected an error answer'),
      (e: unknown) => e as PasarelaError,
    );
  const fieldsOf = (error: PasarelaError) => error.details.map((d) => d.field);
  const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, holder: 'Ana María Gómez', cvv: '123' });
  const orderId = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;

  it('Bre-B: registers, verifies, lists, shows the QR of and removes a key; looks up a test key; four keys at most', async () => {
    const key = await pasarela.breB.keys.create({ type: 'alphanumeric', value: '@tienda7' });
    expect(key).toMatchObject({ type: 'alphanumeric', value: '@TIENDA7', status: 'pending_verification', verified_at: null });
    expect(key.id).toMatch(/^bbk-/);

    const verified = await pasarela.sandbox.breB.keys.verify(key.id);
    expect(verified.status).toBe('active');
    expect(verified.verified_at).not.toBeNull();
    expect((await pasarela.breB.keys.list()).data.map((k) => [k.id, k.status])).toEqual([[key.id, 'active']]);
    expect((await pasarela.breB.keys.retrieve(key.id)).status).toBe('active');
    expect((await pasarela.breB.keys.qr.retrieve(key.id)).key).toBe('@TIENDA7');

    // A test key of the sandbox's directory, typed as a payer would.
    const found = await pasarela.breB.keys.lookup({ key: '+573001112233' });
    expect(found).toEqual({
      key: '3001112233',
      type: 'mobile',
      holder_name: 'A** Ma*** Gó*** Ru**',
      institution: { id: '9103', name: 'Billetera de Pruebas' },
    });
    expect(await failure(pasarela.breB.keys.lookup({ key: '3000000001' }))).toBeInstanceOf(NotFoundError);

    // A value not of its type's form: 422 naming `value`; a misspelled field: a type error, and 422 naming it.
    const wrong = await failure(pasarela.breB.keys.create({ type: 'mobile', value: '12345' }));
    expect(wrong).toBeInstanceOf(InvalidRequestError);
    expect(fieldsOf(wrong)).toEqual(['value']);
    // @ts-expect-error `valeu` is no field of the body (and `value` is missing).
    const misspelled = await failure(pasarela.breB.keys.create({ type: 'mobile', valeu: '3001234567' }));
    expect(misspelled).toBeInstanceOf(InvalidRequestError);
    expect(fieldsOf(misspelled)).toEqual(expect.arrayContaining(['valeu']));

    for (const value of ['3001234567', 'ventas@tienda.example', '1020304051']) {
      await pasarela.breB.keys.create({ type: value.includes('@') ? 'email' : value.startsWith('3') ? 'mobile' : 'id_number', value });
    }
    const fifth = await failure(pasarela.breB.keys.create({ type: 'merchant_code', value: '0012345670' }));
    expect(fifth).toBeInstanceOf(ConflictError);
    expect(fifth.code).toBe('breb_key_limit_reached');

    expect(await pasarela.breB.keys.delete(key.id)).toEqual({ id: key.id, deleted: true });
    expect(await failure(pasarela.breB.keys.retrieve(key.id))).toBeInstanceOf(NotFoundError);
    expect((await pasarela.breB.keys.create({ type: 'merchant_code', value: '0012345670' })).status).toBe('pending_verification');
  });

  it('installments: the BIN lookup says what a card takes; a credit card pays in 6, a debit card only in 1 (422 naming installments)', async () => {
    expect((await pasarela.bins.retrieve('424242')).installments).toEqual({ allowed: true, min: 1, max: 36 });
    expect((await pasarela.bins.retrieve('400005')).installments).toEqual({ allowed: false, min: 1, max: 1 });

    const credit = await pasarela.instruments.create(await pasarela.cards.encrypt(card('4242424242424242')));
    const paid = (await pasarela.payments.create({
      amount: 1_200_000,
      currency: 'COP',
      order_id: orderId('cuotas'),
      instrument_id: credit.id,
      encrypted_cvv: await pasarela.cards.encryptCvv('123'),
      installments: 6,
    })) as CardPayment;
    expect(paid).toMatchObject({ status: 'APPROVED', installments: 6 });
    expect(((await pasarela.payments.retrieve(paid.id)) as CardPayment).installments).toBe(6);

    const debit = await pasarela.instruments.create(await pasarela.cards.encrypt(card('4000056655665556')));
    const refused = await failure(
      pasarela.payments.create({
        amount: 300_000,
        currency: 'COP',
        order_id: orderId('debito'),
        instrument_id: debit.id,
        encrypted_cvv: await pasarela.cards.encryptCvv('123'),
        installments: 3,
      }),
    );
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(fieldsOf(refused)).toEqual(['installments']);

    const misspelled = await failure(
      pasarela.payments.create({
        amount: 300_000,
        currency: 'COP',
        order_id: orderId('cuotas'),
        instrument_id: credit.id,
        encrypted_cvv: await pasarela.cards.encryptCvv('123'),
        // @ts-expect-error `instalments` is no field of a payment.
        instalments: 3,
      }),
    );
    expect(fieldsOf(misspelled)).toContain('instalments');
  });

  it('PSE: an intent carries the payer as PSE asks for it; a legal person with a CC is 422 naming customer.document_type', async () => {
    const customer = {
      bank_id: '1007',
      person_type: 'legal' as const,
      document_type: 'NIT' as const,
      document: '900123456-8',
      first_name: 'Tiendas',
      last_name: 'Andinas SAS',
      email: 'pagos@tiendas.example',
    };
    const intent = await pasarela.intents.create({
      order_id: orderId('pse'),
      amount: 150_050,
      currency: 'COP',
      rail_id: 'BANK_REDIRECT',
      rail_type: 'BANK_TRANSFER',
      return_url: 'https://shop.example/return',
      customer,
    });
    expect(intent).toMatchObject({ status: 'IN_PROGRESS', rail: { id: 'BANK_REDIRECT' } });
    expect(intent.rail.payment_link).toMatch(/\/sandbox-bank\//);

    const refused = await failure(
      pasarela.intents.create({
        order_id: orderId('pse'),
        amount: 150_050,
        currency: 'COP',
        rail_id: 'BANK_REDIRECT',
        rail_type: 'BANK_TRANSFER',
        return_url: 'https://shop.example/return',
        customer: { ...customer, document_type: 'CC', document: '1020304050' },
      }),
    );
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(fieldsOf(refused)).toEqual(['customer.document_type']);

    const misspelled = await failure(
      pasarela.intents.create({
        order_id: orderId('pse'),
        amount: 150_050,
        currency: 'COP',
        rail_id: 'BANK_REDIRECT',
        rail_type: 'BANK_TRANSFER',
        return_url: 'https://shop.example/return',
        // @ts-expect-error `persona_type` is no field of the customer.
        customer: { ...customer, persona_type: 'legal' },
      }),
    );
    expect(fieldsOf(misspelled)).toContain('customer.persona_type');
  });

  it('cash: an intent gives a reference; the sandbox store pays it once, the second time is 409 cash_reference_paid', async () => {
    const intent = await pasarela.intents.create({ order_id: orderId('cash'), amount: 50_050, currency: 'COP', rail_id: 'CASH', rail_type: 'CASH' });
    const reference = intent.rail.cash!.reference;
    expect(reference).toMatch(/^[1-9]\d{11}$/);
    expect(intent.status).toBe('IN_PROGRESS');

    const paid = await pasarela.sandbox.cash.pay({ reference });
    expect(paid.status).toBe('APPROVED');
    expect(((await pasarela.intents.retrieve(intent.payment_id)) as ApmPayment).transaction.status).toBe('APPROVED');

    const again = await failure(pasarela.sandbox.cash.pay({ reference }));
    expect(again).toBeInstanceOf(ConflictError);
    expect(again.code).toBe('cash_reference_paid');
    // @ts-expect-error `referencia` is not the field's name.
    expect(fieldsOf(await failure(pasarela.sandbox.cash.pay({ referencia: reference })))).toContain('referencia');
  });

  it('3-D Secure: a challenged card answers next_action; the challenge page answered with 1234 approves it, read back with three_ds', async () => {
    const instrument = await pasarela.instruments.create(await pasarela.cards.encrypt(card('4000000000003220')));
    const created = (await pasarela.payments.create({
      amount: 250_000,
      currency: 'COP',
      order_id: orderId('3ds'),
      instrument_id: instrument.id,
      encrypted_cvv: await pasarela.cards.encryptCvv('123'),
      three_ds: { required: true, return_url: 'https://shop.example/return' },
    })) as CardPayment;
    expect(created).toMatchObject({ status: 'PENDING', three_ds: { flow: 'challenge', outcome: 'challenge_pending' } });
    const action = created.next_action!;
    expect(action.type).toBe('redirect_to_url');
    expect(action.redirect_to_url.return_url).toBe('https://shop.example/return');

    // The cardholder's browser posts the challenge form (the page's address is on the deployment's public origin).
    const challenge = new URL(action.redirect_to_url.url);
    const answer = await fetch(gw.baseUrl + challenge.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'submit', code: '1234' }).toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`https://shop.example/return?payment_id=${created.id}`);

    const read = (await pasarela.payments.retrieve(created.id)) as CardPayment;
    expect(read).toMatchObject({ status: 'APPROVED', response_code: '00' });
    expect(read.next_action ?? null).toBeNull();
    expect(read.three_ds).toEqual({ version: '2.2.0', flow: 'challenge', outcome: 'authenticated', eci: '05', liability_shift: true });

    const misspelled = await failure(
      pasarela.payments.create({
        amount: 250_000,
        currency: 'COP',
        order_id: orderId('3ds'),
        instrument_id: instrument.id,
        encrypted_cvv: await pasarela.cards.encryptCvv('123'),
        // @ts-expect-error `requried` is no field of three_ds.
        three_ds: { requried: true },
      }),
    );
    expect(fieldsOf(misspelled)).toContain('three_ds.requried');
  });
});
