/**
 * The bank-redirect rail (PSE) as the banks ask for it: person type, PSE's
 * document types, the document number, the payer's e-mail and the bank; every
 * problem in one 422, nothing written; the sandbox bank shows the payer back;
 * the test banks for approved, rejected, pending-then-approved and abandoned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { advanceClock } from './support/clock.js';

interface Apm {
  payment_id: string;
  transaction: { status: string; status_detail: string };
  rail: { payment_link?: string };
}
interface Problem {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

const payer = { bank_id: '1007', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' };

describe.each(dialects)('PSE payer fields on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, { RAIL_MOCK_DELAY_SECONDS: '5' });
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  let order = 0;
  const intent = (customer: Record<string, unknown>, orderId = `pse-${Date.now()}-${order++}`) =>
    gw.request<Apm>('POST', '/v1/payments/intents', {
      token,
      body: {
        order_id: orderId,
        amount: 150_050,
        currency: 'COP',
        rail_id: 'BANK_REDIRECT',
        rail_type: 'BANK_TRANSFER',
        return_url: 'https://shop.example/back',
        customer,
      },
    });
  const problems = (reply: { body: unknown }) => (reply.body as Problem).error.details;
  const ofOrder = async (orderId: string) => (await gw.request<{ data: unknown[] }>('GET', `/v1/payments/search?order_id=${orderId}`, { token })).body.data;
  const state = async (id: string) => {
    const { status, status_detail } = (await gw.request<Apm>('GET', `/v1/payments/${id}`, { token })).body.transaction;
    return { status, status_detail };
  };
  const bankPage = async (link: string, lang: string) => (await gw.request('GET', new URL(link).pathname, { headers: { 'accept-language': lang } })).text;

  it("takes PSE's document types for a natural person, and a NIT for a legal one", async () => {
    const good: Array<Record<string, string>> = [
      { document_type: 'CC', document: '1020304050' },
      { document_type: 'CE', document: 'E12345' },
      { document_type: 'TI', document: '1002003004' },
      { document_type: 'PP', document: 'AB123456' },
      { document_type: 'PASSPORT', document: 'AB123456' },
      { document_type: 'RC', document: '10203040506' },
      { document_type: 'IDC', document: '123456789' },
      { document_type: 'CEL', document: '3001234567' },
      { document_type: 'DE', document: 'X9876543' },
      { person_type: 'natural', document_type: 'NIT', document: '900123456-8' },
      { person_type: 'legal', document_type: 'NIT', document: '900.123.456-8' },
      { person_type: 'natural', document_type: 'CC', document: '1020304050' },
    ];
    for (const documentFields of good) {
      const reply = await intent({ ...payer, ...documentFields });
      expect(reply.status, JSON.stringify(documentFields)).toBe(201);
    }
  });

  it('a legal person with a CC, a bad person type, letters in a numeric document: 422 naming each field, nothing written', async () => {
    const orderId = `pse-legal-cc-${Date.now()}`;
    const legalCc = await intent({ ...payer, person_type: 'legal', document_type: 'CC', document: '1020304050' }, orderId);
    expect(legalCc.status).toBe(422);
    expect(problems(legalCc)).toEqual([{ field: 'customer.document_type', message: 'a legal person is identified by its NIT, not a CC' }]);
    expect(await ofOrder(orderId)).toEqual([]);

    const company = await intent({ ...payer, person_type: 'company', document_type: 'CC', document: '1020304050' });
    expect(problems(company)).toEqual([{ field: 'customer.person_type', message: 'must be natural or legal' }]);

    for (const [type, value, message] of [
      ['CC', '10203O4050', 'a CC has 6 to 10 digits, digits only'],
      ['TI', '10020-03004', 'a TI has 10 or 11 digits, digits only'],
      ['RC', 'RC10203040', 'an RC has 10 or 11 digits, digits only'],
      ['CEL', '300 123 4567', 'a CEL is a Colombian mobile number: 10 digits starting with 3, digits only'],
      ['NIT', '900123456-7', 'the NIT check digit is wrong'],
    ] as const) {
      const reply = await intent({ ...payer, document_type: type, document: value });
      expect(problems(reply), type).toEqual([{ field: 'customer.document', message }]);
    }
    const unknownType = await intent({ ...payer, document_type: 'DNI', document: '12345678' });
    expect(problems(unknownType)).toEqual([{ field: 'customer.document_type', message: 'must be one of CC, CE, NIT, PASSPORT, PP, TI, RC, IDC, CEL, DE' }]);
  });

  it('every problem of a request in one details: bank, person type, document, e-mail, names', async () => {
    const orderId = `pse-all-${Date.now()}`;
    const reply = await intent({ bank_id: '0000', person_type: 'juridica', document_type: 'CC', document: 'abc', email: 'ana@' }, orderId);
    expect(reply.status).toBe(422);
    expect(
      problems(reply)
        .map((d) => d.field)
        .sort(),
    ).toEqual(['customer.bank_id', 'customer.document', 'customer.email', 'customer.first_name', 'customer.last_name', 'customer.person_type']);
    expect(await ofOrder(orderId)).toEqual([]);
  });

  it('the sandbox bank shows the payer back: name, person type, document and e-mail', async () => {
    const legal = await intent({
      ...payer,
      first_name: 'Tiendas',
      last_name: 'Andinas SAS',
      person_type: 'legal',
      document_type: 'NIT',
      document: '900123456-8',
    });
    const text = await bankPage(legal.body.rail.payment_link!, 'es');
    expect(text).toContain('Tiendas Andinas SAS');
    expect(text).toContain('Persona jurídica');
    expect(text).toContain('NIT 900123456-8');
    expect(text).toContain('ana@example.com');
    // Without person_type a CC is a natural person (the field is optional).
    const natural = await intent({ ...payer, document_type: 'CC', document: '1020304050' });
    const english = await bankPage(natural.body.rail.payment_link!, 'en');
    expect(english).toContain('Natural person');
    expect(english).toContain('CC 1020304050');
  });

  it('test banks: 9001 approved, 9002 rejected, 9004 pending then approved, 9005 abandoned', async () => {
    const document = { document_type: 'CC', document: '1020304050' };
    const [approved, rejected, pending, abandoned] = await Promise.all(
      ['9001', '9002', '9004', '9005'].map(async (bank) => (await intent({ ...payer, ...document, bank_id: bank })).body.payment_id),
    );
    for (const id of [approved, rejected, pending, abandoned]) expect(await state(id!)).toEqual({ status: 'IN_PROGRESS', status_detail: 'PENDING' });
    // RAIL_MOCK_DELAY_SECONDS later the banks have answered; the abandoned one is declined at once.
    await advanceClock(gw, token, 5);
    expect(await state(approved!)).toEqual({ status: 'IN_PROGRESS', status_detail: 'PENDING_PROVIDER' });
    expect(await state(pending!)).toEqual({ status: 'IN_PROGRESS', status_detail: 'PENDING_PROVIDER' });
    expect(await state(abandoned!)).toEqual({ status: 'DECLINED', status_detail: 'REJECTED' });
    await advanceClock(gw, token, 5);
    expect(await state(approved!)).toEqual({ status: 'APPROVED', status_detail: 'SUCCESS' });
    expect(await state(rejected!)).toEqual({ status: 'DECLINED', status_detail: 'REJECTED' });
    // The pending bank keeps it PENDING_PROVIDER for 12 delays (60 s by default), then approves.
    expect(await state(pending!)).toEqual({ status: 'IN_PROGRESS', status_detail: 'PENDING_PROVIDER' });
    await advanceClock(gw, token, 50);
    expect(await state(pending!)).toEqual({ status: 'IN_PROGRESS', status_detail: 'PENDING_PROVIDER' });
    await advanceClock(gw, token, 10);
    expect(await state(pending!)).toEqual({ status: 'APPROVED', status_detail: 'SUCCESS' });
  });

  it('GET /api/banks lists the institutions by their PSE codes, with the test banks', async () => {
    const banks = (await gw.request<Array<{ id: string; name: string }>>('GET', '/api/banks?country=COL&rail_id=BANK_REDIRECT', { token })).body;
    expect(banks).toContainEqual({ id: '1007', name: 'Bancolombia' });
    expect(banks.slice(-5).map((b) => b.id)).toEqual(['9001', '9002', '9003', '9004', '9005']);
  });
});
