import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, merchantKey, type TestCardInput } from './support/cards.js';

interface BinData {
  bin: string;
  card_brand: string;
  card_type: string;
  issuer: string | null;
  country: string | null;
}

interface Instrument {
  id: string;
  type: string;
  status: string;
  card: {
    last_four_digits: string;
    bin_data: BinData;
    expiration_month: number;
    expiration_year: number;
    holder_name: string;
  };
  created_at: string;
  updated_at: string;
}

interface ErrorBody {
  error: { code: string; message: string; details: Array<{ field: string; message: string }>; request_id: string };
}

interface Page {
  data: Instrument[];
  has_more: boolean;
}

const ENCRYPTED_FIELDS = ['encrypted_number', 'encrypted_expiration_month', 'encrypted_expiration_year', 'encrypted_holder_name', 'encrypted_cvv'] as const;
const THIS_YEAR = new Date().getUTCFullYear();

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The prefix plus the Luhn check digit that makes it valid. */
function withCheckDigit(prefix: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(prefix + d)) return prefix + d;
  throw new Error('unreachable');
}

/** A Luhn-valid number nobody else uses: `prefix`, random digits, check digit. */
function uniqueNumber(prefix = '4', length = 16): string {
  let body = prefix;
  while (body.length < length - 1) body += String(randomInt(10));
  return withCheckDigit(body);
}

/** Every string inside a value, including inside JSON stored as text (payloads, response bodies). */
function stringLeaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    out.push(value);
    if (/^\s*[[{]/.test(value)) {
      try {
        stringLeaves(JSON.parse(value), out);
      } catch {
        // not JSON: the raw string is already collected
      }
    }
  } else if (Array.isArray(value)) value.forEach((v) => stringLeaves(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringLeaves(v, out));
  return out;
}

describe.each(dialects)('instruments on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  /** A new merchant (own organization) with its encryption key. */
  async function merchant(options: { pciSaqD?: boolean } = {}) {
    const client = await gw.client(options);
    const token = await client.token();
    const key = await merchantKey(gw, token);
    return { client, token, key, organizationId: client.organizationId };
  }

  type Merchant = Awaited<ReturnType<typeof merchant>>;

  const post = async (m: Merchant, card: TestCardInput, headers: Record<string, string> = {}) =>
    gw.request<Instrument & ErrorBody>('POST', '/v1/instruments', { token: m.token, body: await encryptedCard(m.key, card), headers });

  const storedRows = async (organizationId: string) =>
    (
      await gw.db
        .selectFrom('instruments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).n;

  const listIds = async (token: string, query = 'limit=100') => {
    const reply = await gw.request<Page>('GET', `/v1/instruments?${query}`, { token });
    expect(reply.status).toBe(200);
    return reply.body.data.map((i) => i.id);
  };

  it('tokenizes the encrypted test card 4242 4242 4242 4242: 201 with the instrument, never the number or the CVV', async () => {
    const m = await merchant();
    const year = THIS_YEAR + 3;
    const reply = await post(m, { number: '4242424242424242', month: '7', year: String(year), holder: '  María   José Ruiz ', cvv: '987' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const ins = reply.body;
    expect(ins.id).toMatch(/^ins-[0-9a-z]{26}$/);
    expect(ins).toMatchObject({
      type: 'CARD',
      status: 'ACTIVE',
      card: {
        last_four_digits: '4242',
        bin_data: { bin: '424242', card_brand: 'visa', card_type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
        expiration_month: 7,
        expiration_year: year,
        holder_name: 'María José Ruiz',
      },
    });
    expect(new Date(ins.created_at).toISOString()).toBe(ins.created_at);
    expect(reply.text).not.toContain('4242424242424242');
    expect(stringLeaves(ins)).not.toContain('987');
    expect(reply.text).not.toMatch(/"(cvv|number|encrypted_[a-z_]+)"\s*:/);

    const read = await gw.request<Instrument>('GET', `/v1/instruments/${ins.id}`, { token: m.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(ins);
    expect(read.text).not.toContain('4242424242424242');
  });

  it('de-duplicates: the same card in the same organization is the same instrument, updated; another organization gets its own', async () => {
    const m = await merchant();
    const number = uniqueNumber('4');
    const first = await post(m, { number, month: '3', year: String(THIS_YEAR + 2), holder: 'First Holder' });
    expect(first.status, first.text).toBe(201);
    const again = await post(m, { number, month: '9', year: String(THIS_YEAR + 5), holder: 'Second Holder' });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.card).toMatchObject({ expiration_month: 9, expiration_year: THIS_YEAR + 5, holder_name: 'Second Holder' });
    const read = await gw.request<Instrument>('GET', `/v1/instruments/${first.body.id}`, { token: m.token });
    expect(read.body.card).toMatchObject({ expiration_month: 9, expiration_year: THIS_YEAR + 5, holder_name: 'Second Holder' });
    expect(await listIds(m.token)).toEqual([first.body.id]);
    expect(await storedRows(m.organizationId)).toBe(1);

    const other = await merchant();
    const elsewhere = await post(other, { number });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
    expect(await listIds(other.token)).toEqual([elsewhere.body.id]);
    // The first organization still sees only its own.
    expect(await listIds(m.token)).toEqual([first.body.id]);
  });

  describe('validation: 422 naming the failing field, and nothing written', () => {
    let m: Merchant;
    let existing: string;

    beforeAll(async () => {
      m = await merchant();
      const first = await post(m, { number: uniqueNumber('5555') });
      expect(first.status, first.text).toBe(201);
      existing = first.body.id;
    });

    /** Posts `body`, expects a 422 naming exactly `fields`, and checks that nothing was stored. */
    async function rejects(body: Record<string, unknown>, fields: readonly string[]) {
      const rows = await storedRows(m.organizationId);
      const reply = await gw.request<ErrorBody>('POST', '/v1/instruments', { token: m.token, body });
      expect(reply.status, reply.text).toBe(422);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(reply.body.error.request_id).toMatch(/^req-/);
      expect(reply.body.error.details.map((d) => d.field).sort()).toEqual([...fields].sort());
      for (const detail of reply.body.error.details) expect(detail.message.length).toBeGreaterThan(0);
      expect(await storedRows(m.organizationId)).toBe(rows);
      expect(await listIds(m.token)).toEqual([existing]);
      return reply.body.error;
    }

    const card = (input: TestCardInput) => encryptedCard(m.key, input);

    it('each missing encrypted field, and all five at once', async () => {
      const full = await card({ number: uniqueNumber('4') });
      for (const field of ENCRYPTED_FIELDS) {
        const body: Record<string, unknown> = { ...full };
        delete body[field];
        await rejects(body, [field]);
      }
      await rejects({ type: 'CARD' }, ENCRYPTED_FIELDS);
    });

    it('a field that does not decrypt', async () => {
      const full = await card({ number: uniqueNumber('4') });
      await rejects({ ...full, encrypted_cvv: randomBytes(256).toString('base64') }, ['encrypted_cvv']);
      await rejects({ ...full, encrypted_number: randomBytes(256).toString('base64'), encrypted_holder_name: 'not base64 at all!' }, [
        'encrypted_number',
        'encrypted_holder_name',
      ]);
    });

    it('card numbers: Luhn failure, wrong length for the brand', async () => {
      const error = await rejects(await card({ number: '4242424242424241' }), ['encrypted_number']);
      expect(error.message).not.toContain('4242424242424241');
      expect(JSON.stringify(error)).not.toContain('4242424242424241');
      // Amex has 15 digits.
      await rejects(await card({ number: '37828224631000', cvv: '1234' }), ['encrypted_number']);
      // A 17-digit Visa number that passes Luhn: the length alone is wrong.
      const visa17 = withCheckDigit('4242424242424242');
      expect(visa17).toHaveLength(17);
      expect(luhnValid(visa17)).toBe(true);
      await rejects(await card({ number: visa17 }), ['encrypted_number']);
    });

    it('expiry: month 13, month 0, a date in the past', async () => {
      const number = uniqueNumber('4');
      await rejects(await card({ number, month: '13' }), ['encrypted_expiration_month']);
      await rejects(await card({ number, month: '0' }), ['encrypted_expiration_month']);
      const rows = await storedRows(m.organizationId);
      const past = await gw.request<ErrorBody>('POST', '/v1/instruments', {
        token: m.token,
        body: await card({ number, month: '1', year: String(THIS_YEAR - 1) }),
      });
      expect(past.status).toBe(422);
      expect(past.body.error.code).toBe('validation_failed');
      const fields = past.body.error.details.map((d) => d.field);
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) expect(['encrypted_expiration_month', 'encrypted_expiration_year']).toContain(field);
      expect(await storedRows(m.organizationId)).toBe(rows);
    });

    it('CVV length by brand: 4 digits on Visa, 3 digits on Amex', async () => {
      await rejects(await card({ number: uniqueNumber('4'), cvv: '1234' }), ['encrypted_cvv']);
      await rejects(await card({ number: '378282246310005', cvv: '123' }), ['encrypted_cvv']);
      await rejects(await card({ number: uniqueNumber('4'), cvv: '12a' }), ['encrypted_cvv']);
      // The same cards with the right CVV length are accepted.
      const amex = await post(m, { number: '378282246310005', cvv: '1234' });
      expect(amex.status, amex.text).toBe(201);
      expect(amex.body.card.bin_data.card_brand).toBe('amex');
      const deleted = await gw.request('DELETE', `/v1/instruments/${amex.body.id}`, { token: m.token });
      expect(deleted.status).toBe(200);
    });

    it('a blank holder name', async () => {
      await rejects(await card({ number: uniqueNumber('4'), holder: '   ' }), ['encrypted_holder_name']);
    });

    it('several problems at once are all named', async () => {
      await rejects(await card({ number: '4242424242424241', month: '13', cvv: '12', holder: ' ' }), [
        'encrypted_number',
        'encrypted_expiration_month',
        'encrypted_cvv',
        'encrypted_holder_name',
      ]);
    });
  });

  it('direct form (clear card): 403 forbidden unless the client is PCI DSS SAQ D', async () => {
    const number = uniqueNumber('4');
    const direct = { type: 'CARD', card: { number, expiration_month: '08', expiration_year: String(THIS_YEAR + 2), holder_name: 'Direct Holder', cvv: '321' } };

    const normal = await merchant();
    const refused = await gw.request<ErrorBody>('POST', '/v1/instruments', { token: normal.token, body: direct });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect(refused.text).not.toContain(number);
    expect(await storedRows(normal.organizationId)).toBe(0);

    const pci = await merchant({ pciSaqD: true });
    const accepted = await gw.request<Instrument>('POST', '/v1/instruments', { token: pci.token, body: direct });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body).toMatchObject({
      type: 'CARD',
      status: 'ACTIVE',
      card: { last_four_digits: number.slice(-4), expiration_month: 8, expiration_year: THIS_YEAR + 2, holder_name: 'Direct Holder' },
    });
    expect(accepted.text).not.toContain(number);

    // The same rules apply to the direct form, named by their path in `card`.
    const badCvv = await gw.request<ErrorBody>('POST', '/v1/instruments', { token: pci.token, body: { ...direct, card: { ...direct.card, cvv: '12' } } });
    expect(badCvv.status).toBe(422);
    expect(badCvv.body.error.details.map((d) => d.field)).toEqual(['card.cvv']);

    // Tokenizing the same card in the encrypted form afterwards finds the same instrument.
    const encrypted = await post(pci, { number });
    expect(encrypted.body.id).toBe(accepted.body.id);
  });

  it('never stores the card number or the CVV (instruments, idempotency keys, jobs, events)', async () => {
    const startedAt = new Date(Date.now() - 1000).toISOString();
    const number = uniqueNumber('4');
    const holder = `Zoë Vault ${randomUUID().slice(0, 8)}`;
    const idempotencyKey = randomUUID();
    const m = await merchant({ pciSaqD: true });

    // A retry resends the same ciphertexts (OAEP is randomized: encrypting again would be another request).
    const body = await encryptedCard(m.key, { number, holder, cvv: '987' });
    const send = () => gw.request<Instrument>('POST', '/v1/instruments', { token: m.token, body, headers: { 'idempotency-key': idempotencyKey } });
    const reply = await send();
    expect(reply.status, reply.text).toBe(201);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(reply.body);

    // The direct form sends the number and CVV in clear: they must not be kept either.
    const directNumber = uniqueNumber('5555');
    const direct = await gw.request<Instrument>('POST', '/v1/instruments', {
      token: m.token,
      body: { type: 'CARD', card: { number: directNumber, expiration_month: '10', expiration_year: String(THIS_YEAR + 4), holder_name: holder, cvv: '987' } },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(direct.status, direct.text).toBe(201);

    const instruments = await gw.db.selectFrom('instruments').selectAll().where('organization_id', '=', m.organizationId).execute();
    const idempotency = await gw.db.selectFrom('idempotency_keys').selectAll().where('client_id', '=', m.client.clientId).execute();
    const jobs = await gw.db.selectFrom('jobs').selectAll().where('created_at', '>=', startedAt).execute();
    const events = await gw.db.selectFrom('events').selectAll().where('organization_id', '=', m.organizationId).execute();

    // The scan looks at the right rows: both instruments and both idempotency answers are there.
    expect(instruments.map((r) => r.id).sort()).toEqual([reply.body.id, direct.body.id].sort());
    expect(idempotency).toHaveLength(2);
    const stored = idempotency.find((r) => r.key === idempotencyKey);
    expect(stored?.response_body).toContain(reply.body.id);
    expect(stored?.response_body).toContain(holder);
    expect(stored?.response_body).not.toContain(number);
    expect(stringLeaves(stored?.response_body)).not.toContain('987');

    for (const [table, rows] of Object.entries({ instruments, idempotency_keys: idempotency, jobs, events })) {
      for (const row of rows) {
        const json = JSON.stringify(row);
        for (const secret of [number, directNumber]) expect(json, `${table} row holds the card number`).not.toContain(secret);
        expect(json, `${table} row holds the CVV`).not.toContain('"987"');
        expect(stringLeaves(row), `${table} row holds the CVV`).not.toContain('987');
      }
    }

    for (const [row, clear] of [
      [instruments.find((r) => r.id === reply.body.id)!, number],
      [instruments.find((r) => r.id === direct.body.id)!, directNumber],
    ] as const) {
      expect(row.number_sealed).not.toContain(clear);
      expect(row.number_sealed).not.toContain(Buffer.from(clear).toString('base64').replace(/=+$/, ''));
      // The fingerprint is keyed: not a plain hash anyone could recompute from a guessed number.
      expect(row.fingerprint).not.toBe(createHash('sha256').update(clear).digest('hex'));
      expect(row.fingerprint).not.toContain(clear);
      expect(row.last_four).toBe(clear.slice(-4));
      expect(row.holder_name).toBe(holder);
    }
  });

  it('get, list with pagination, tenant isolation, update and delete', async () => {
    const m = await merchant();
    const numbers = [uniqueNumber('4'), uniqueNumber('5555'), uniqueNumber('4')];
    const ids: string[] = [];
    for (const number of numbers) {
      const reply = await post(m, { number, holder: 'Lista Holder' });
      expect(reply.status, reply.text).toBe(201);
      ids.push(reply.body.id);
    }
    const newestFirst = [...ids].reverse();

    const one = await gw.request<Instrument>('GET', `/v1/instruments/${ids[1]}`, { token: m.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids[1], type: 'CARD', status: 'ACTIVE', card: { last_four_digits: numbers[1]!.slice(-4) } });
    expect(one.body.card.bin_data.card_brand).toBe('mastercard');

    const page1 = await gw.request<Page>('GET', '/v1/instruments?limit=2', { token: m.token });
    expect(page1.body.data.map((i) => i.id)).toEqual(newestFirst.slice(0, 2));
    expect(page1.body.has_more).toBe(true);
    const page2 = await gw.request<Page>('GET', `/v1/instruments?limit=2&starting_after=${newestFirst[1]}`, { token: m.token });
    expect(page2.body.data.map((i) => i.id)).toEqual(newestFirst.slice(2));
    expect(page2.body.has_more).toBe(false);
    expect(await listIds(m.token, '')).toEqual(newestFirst);
    for (const bad of ['limit=0', 'limit=101']) expect((await gw.request('GET', `/v1/instruments?${bad}`, { token: m.token })).status, bad).toBe(422);

    // Another organization sees none of it and can change none of it.
    const other = await merchant();
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { holder_name: 'Intruder' }],
      ['DELETE', undefined],
    ] as const) {
      const reply = await gw.request<ErrorBody>(method, `/v1/instruments/${ids[0]}`, { token: other.token, ...(body ? { body } : {}) });
      expect(reply.status, method).toBe(404);
      expect(reply.body.error.code).toBe('not_found');
    }
    expect(await listIds(other.token)).toEqual([]);
    expect((await gw.request<ErrorBody>('GET', '/v1/instruments/ins-00000000000000000000000000', { token: m.token })).status).toBe(404);
    const untouched = await gw.request<Instrument>('GET', `/v1/instruments/${ids[0]}`, { token: m.token });
    expect(untouched.body).toMatchObject({ status: 'ACTIVE', card: { holder_name: 'Lista Holder' } });

    // PATCH: expiry and holder.
    const patched = await gw.request<Instrument>('PATCH', `/v1/instruments/${ids[0]}`, {
      token: m.token,
      body: { expiration_month: 6, expiration_year: THIS_YEAR + 6, holder_name: 'Nuevo Titular' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.card).toMatchObject({
      expiration_month: 6,
      expiration_year: THIS_YEAR + 6,
      holder_name: 'Nuevo Titular',
      last_four_digits: numbers[0]!.slice(-4),
    });
    expect((await gw.request<Instrument>('GET', `/v1/instruments/${ids[0]}`, { token: m.token })).body.card).toMatchObject({
      expiration_month: 6,
      expiration_year: THIS_YEAR + 6,
      holder_name: 'Nuevo Titular',
    });
    const onlyMonth = await gw.request<Instrument>('PATCH', `/v1/instruments/${ids[0]}`, { token: m.token, body: { expiration_month: 2 } });
    expect(onlyMonth.status).toBe(200);
    expect(onlyMonth.body.card).toMatchObject({ expiration_month: 2, expiration_year: THIS_YEAR + 6, holder_name: 'Nuevo Titular' });

    // A past expiry, an impossible month or a blank holder is 422 and changes nothing.
    for (const body of [{ expiration_month: 1, expiration_year: THIS_YEAR - 1 }, { expiration_month: 13 }, { holder_name: '   ' }]) {
      const reply = await gw.request<ErrorBody>('PATCH', `/v1/instruments/${ids[0]}`, { token: m.token, body });
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(reply.body.error.details.length).toBeGreaterThan(0);
      for (const detail of reply.body.error.details) expect(Object.keys(body)).toContain(detail.field);
    }
    expect((await gw.request<Instrument>('GET', `/v1/instruments/${ids[0]}`, { token: m.token })).body.card).toMatchObject({
      expiration_month: 2,
      expiration_year: THIS_YEAR + 6,
      holder_name: 'Nuevo Titular',
    });

    // DELETE: status DELETED, gone from the list; the same card again is a new instrument.
    const deleted = await gw.request<Instrument>('DELETE', `/v1/instruments/${ids[0]}`, { token: m.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: ids[0], status: 'DELETED' });
    expect(await listIds(m.token)).toEqual(newestFirst.slice(0, 2));
    const again = await post(m, { number: numbers[0]! });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).not.toBe(ids[0]);
    expect(again.body.status).toBe('ACTIVE');
    expect(await listIds(m.token)).toEqual([again.body.id, ...newestFirst.slice(0, 2)]);
    // Tokenizing once more finds the new one, not the deleted one.
    expect((await post(m, { number: numbers[0]! })).body.id).toBe(again.body.id);
  });

  it('BIN lookup: known BINs, 422 for a malformed BIN, 404 when not even the brand is known', async () => {
    const m = await merchant();
    const visa = await gw.request<BinData>('GET', '/v1/bins/424242', { token: m.token });
    expect(visa.status).toBe(200);
    expect(visa.body).toMatchObject({ bin: '424242', card_brand: 'visa', card_type: 'credit' });
    expect(visa.body.issuer).toEqual(expect.any(String));
    expect(visa.body.country).toMatch(/^[A-Z]{3}$/);

    const mastercard = await gw.request<BinData>('GET', '/v1/bins/555555', { token: m.token });
    expect(mastercard.status).toBe(200);
    expect(mastercard.body).toMatchObject({ bin: '555555', card_brand: 'mastercard' });

    const eight = await gw.request<BinData>('GET', '/v1/bins/40000566', { token: m.token });
    expect(eight.status).toBe(200);
    expect(eight.body).toMatchObject({ card_brand: 'visa', card_type: 'debit' });

    for (const bad of ['12345', '1234567', 'abcdef', '123456789']) {
      const reply = await gw.request<ErrorBody>('GET', `/v1/bins/${bad}`, { token: m.token });
      expect(reply.status, bad).toBe(422);
      expect(reply.body.error.code).toBe('validation_failed');
    }

    const unknown = await gw.request<ErrorBody>('GET', '/v1/bins/999999', { token: m.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });

  it('scopes: instruments:read lists but cannot tokenize; the encrypted CVV is required even for known cards', async () => {
    const m = await merchant();
    const reader = await m.client.token('instruments:read');
    const body = await encryptedCard(m.key, { number: uniqueNumber('4') });
    const refused = await gw.request<ErrorBody>('POST', '/v1/instruments', { token: reader, body });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await gw.request('GET', '/v1/instruments', { token: reader })).status).toBe(200);
    expect(await storedRows(m.organizationId)).toBe(0);

    // A CVV encrypted with the right key but empty is refused like any wrong CVV.
    const emptyCvv = { ...body, encrypted_cvv: await encrypt(m.key, '') };
    const reply = await gw.request<ErrorBody>('POST', '/v1/instruments', { token: m.token, body: emptyCvv });
    expect(reply.status).toBe(422);
    expect(reply.body.error.details.map((d) => d.field)).toEqual(['encrypted_cvv']);
  });
});
