import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, importPublicKey } from './support/cards.js';

interface EncryptionKey {
  kid: string;
  algorithm: string;
  status: string;
  public_key: string;
  valid_from: string;
  valid_until: string;
}

interface ErrorBody {
  error: { code: string; message: string; details: Array<{ field: string; message: string }>; request_id: string };
}

const ENCRYPTED_FIELDS = ['encrypted_number', 'encrypted_expiration_month', 'encrypted_expiration_year', 'encrypted_holder_name', 'encrypted_cvv'];
const DAY_MS = 86_400_000;

/** What a merchant backend without WebCrypto does: `openssl pkeyutl` with OAEP and SHA-256, base64 of the output. */
function opensslEncrypt(publicKeyPem: string, value: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-key-'));
  try {
    const file = join(dir, 'public.pem');
    writeFileSync(file, publicKeyPem);
    const out = execFileSync(
      'openssl',
      ['pkeyutl', '-encrypt', '-pubin', '-inkey', file, '-pkeyopt', 'rsa_padding_mode:oaep', '-pkeyopt', 'rsa_oaep_md:sha256'],
      { input: Buffer.from(value, 'utf8') },
    );
    return out.toString('base64');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function card(number: string, cvv = '123') {
  return { number, month: '11', year: String(new Date().getUTCFullYear() + 2), holder: 'Lucía Pérez', cvv };
}

describe.each(dialects)('encryption keys on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  const newMerchant = async () => (await gw.client()).token();
  const createKey = async (token: string) => {
    const reply = await gw.request<EncryptionKey>('POST', '/v1/encryption/keys', { token });
    expect(reply.status).toBe(201);
    return reply.body;
  };
  const tokenizeWith = (token: string, body: unknown) =>
    gw.request<{ id: string; card: { last_four_digits: string } } & ErrorBody>('POST', '/v1/instruments', { token, body });

  it('404 not_found before the first key; POST creates an RSA-2048 OAEP-256 key valid for a year; GET returns it', async () => {
    const token = await newMerchant();
    const none = await gw.request<ErrorBody>('GET', '/v1/encryption/keys', { token });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('not_found');
    expect(none.body.error.request_id).toMatch(/^req-/);
    expect(none.headers.get('x-request-id')).toBe(none.body.error.request_id);

    const created = await gw.request<EncryptionKey>('POST', '/v1/encryption/keys', { token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ algorithm: 'RSA-OAEP-256', status: 'active' });
    expect(created.body.kid).toMatch(/^key_[0-9a-z]+$/i);
    expect(created.body.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const parsed = createPublicKey(created.body.public_key);
    expect(parsed.asymmetricKeyType).toBe('rsa');
    expect(parsed.asymmetricKeyDetails?.modulusLength).toBe(2048);

    const from = Date.parse(created.body.valid_from);
    const until = Date.parse(created.body.valid_until);
    expect(Number.isNaN(from)).toBe(false);
    expect(Number.isNaN(until)).toBe(false);
    expect(Math.abs(from - Date.now())).toBeLessThan(DAY_MS);
    expect(Math.abs(until - from - 365 * DAY_MS)).toBeLessThanOrEqual(DAY_MS);

    const read = await gw.request<EncryptionKey>('GET', '/v1/encryption/keys', { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    for (const text of [created.text, read.text]) {
      expect(text).not.toContain('PRIVATE KEY');
      expect(text).not.toContain('private_key');
    }
  });

  it('tokenizes values encrypted by openssl pkeyutl and by WebCrypto, mixed in one request', async () => {
    const token = await newMerchant();
    const key = await createKey(token);
    const webKey = await importPublicKey(key.public_key);
    const c = card('4242424242424242');

    // All five fields from openssl.
    const allOpenssl = {
      type: 'CARD',
      encrypted_number: opensslEncrypt(key.public_key, c.number),
      encrypted_expiration_month: opensslEncrypt(key.public_key, c.month),
      encrypted_expiration_year: opensslEncrypt(key.public_key, c.year),
      encrypted_holder_name: opensslEncrypt(key.public_key, c.holder),
      encrypted_cvv: opensslEncrypt(key.public_key, c.cvv),
    };
    const first = await tokenizeWith(token, allOpenssl);
    expect(first.status, first.text).toBe(201);
    expect(first.body.id).toMatch(/^ins-/);
    expect(first.body.card.last_four_digits).toBe('4242');
    expect(first.body).toMatchObject({ card: { expiration_month: 11, expiration_year: Number(c.year), holder_name: 'Lucía Pérez' } });

    // Mixed: number and holder (non-ASCII) by openssl, the rest by WebCrypto.
    const mixed = {
      type: 'CARD',
      encrypted_number: opensslEncrypt(key.public_key, '5555555555554444'),
      encrypted_expiration_month: await encrypt(webKey, '3'),
      encrypted_expiration_year: await encrypt(webKey, c.year),
      encrypted_holder_name: opensslEncrypt(key.public_key, 'Núñez Ibáñez'),
      encrypted_cvv: await encrypt(webKey, '456'),
    };
    const second = await tokenizeWith(token, mixed);
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({ card: { last_four_digits: '4444', expiration_month: 3, holder_name: 'Núñez Ibáñez' } });

    // All five by WebCrypto (what the browser SDK does).
    const third = await tokenizeWith(token, await encryptedCard(webKey, { number: '378282246310005' }));
    expect(third.status, third.text).toBe(201);
    expect(third.body.card.last_four_digits).toBe('0005');
  });

  it('rotation: a second POST makes a new active key; cards encrypted with the old key still tokenize during the grace period', async () => {
    const token = await newMerchant();
    const oldKey = await createKey(token);
    const oldWebKey = await importPublicKey(oldKey.public_key);
    const newKey = await createKey(token);
    expect(newKey.kid).not.toBe(oldKey.kid);
    expect(newKey.public_key).not.toBe(oldKey.public_key);
    expect(Date.parse(newKey.valid_from)).toBeGreaterThanOrEqual(Date.parse(oldKey.valid_from));

    const active = await gw.request<EncryptionKey>('GET', '/v1/encryption/keys', { token });
    expect(active.status).toBe(200);
    expect(active.body).toEqual(newKey);

    const withOld = await tokenizeWith(token, await encryptedCard(oldWebKey, card('4242424242424242')));
    expect(withOld.status, withOld.text).toBe(201);
    const withNew = await tokenizeWith(token, await encryptedCard(await importPublicKey(newKey.public_key), card('4242424242424242')));
    expect(withNew.status, withNew.text).toBe(201);
    expect(withNew.body.id).toBe(withOld.body.id);

    // Both keys remain in the table: the new one active, the old one decrypting until its grace period ends.
    const rows = await gw.db.selectFrom('encryption_keys').select(['kid', 'status', 'decrypts_until']).where('kid', 'in', [oldKey.kid, newKey.kid]).execute();
    const byKid = new Map(rows.map((r) => [r.kid, r]));
    expect(byKid.get(newKey.kid)?.status).toBe('active');
    expect(byKid.get(oldKey.kid)?.status).toBe('grace');
    const graceEnds = Date.parse(byKid.get(oldKey.kid)!.decrypts_until!);
    expect(Math.abs(graceEnds - Date.now() - DAY_MS)).toBeLessThan(DAY_MS / 2);
  });

  it('with ENCRYPTION_KEY_GRACE_SECONDS=0, a card encrypted with the replaced key is 422 naming each encrypted field', async () => {
    const strict = await startGateway(dialect, { ENCRYPTION_KEY_GRACE_SECONDS: '0' });
    try {
      const token = await (await strict.client()).token();
      const oldKey = (await strict.request<EncryptionKey>('POST', '/v1/encryption/keys', { token })).body;
      const oldWebKey = await importPublicKey(oldKey.public_key);
      const withOldKey = async (number: string) =>
        strict.request<ErrorBody>('POST', '/v1/instruments', { token, body: await encryptedCard(oldWebKey, card(number)) });
      const before = await withOldKey('4242424242424242');
      expect(before.status, before.text).toBe(201);

      const rotated = await strict.request<EncryptionKey>('POST', '/v1/encryption/keys', { token });
      expect(rotated.status).toBe(201);
      const countBefore = (await strict.request<{ data: unknown[] }>('GET', '/v1/instruments?limit=100', { token })).body.data.length;

      const after = await withOldKey('5555555555554444');
      expect(after.status).toBe(422);
      const error = after.body.error;
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((d) => d.field).sort()).toEqual([...ENCRYPTED_FIELDS].sort());
      for (const detail of error.details) expect(detail.message).toMatch(/decrypt/i);
      const countAfter = (await strict.request<{ data: unknown[] }>('GET', '/v1/instruments?limit=100', { token })).body.data.length;
      expect(countAfter).toBe(countBefore);

      // The new key works on the same gateway.
      const fresh = await strict.request('POST', '/v1/instruments', {
        token,
        body: await encryptedCard(await importPublicKey(rotated.body.public_key), card('5555555555554444')),
      });
      expect(fresh.status, fresh.text).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it("keys are per organization: a value encrypted with A's key does not tokenize in B", async () => {
    const tokenA = await newMerchant();
    const tokenB = await newMerchant();
    const keyA = await importPublicKey((await createKey(tokenA)).public_key);
    const body = await encryptedCard(keyA, card('4242424242424242'));

    // B without any key yet, then B with its own key: both refuse A's ciphertexts.
    const noKey = await tokenizeWith(tokenB, body);
    expect(noKey.status).toBe(422);
    expect(noKey.body.error.details.map((d) => d.field).sort()).toEqual([...ENCRYPTED_FIELDS].sort());
    const keyB = await createKey(tokenB);
    const crossed = await tokenizeWith(tokenB, body);
    expect(crossed.status).toBe(422);
    expect(crossed.body.error.code).toBe('validation_failed');
    expect(crossed.body.error.details.map((d) => d.field).sort()).toEqual([...ENCRYPTED_FIELDS].sort());
    expect((await gw.request<{ data: unknown[] }>('GET', '/v1/instruments', { token: tokenB })).body.data).toEqual([]);

    // The same body is fine in A, and B's own key works in B.
    expect((await tokenizeWith(tokenA, body)).status).toBe(201);
    const inB = await tokenizeWith(tokenB, await encryptedCard(await importPublicKey(keyB.public_key), card('4242424242424242')));
    expect(inB.status, inB.text).toBe(201);

    // GET in A still answers A's key, not B's.
    const aActive = await gw.request<EncryptionKey>('GET', '/v1/encryption/keys', { token: tokenA });
    expect(aActive.body.kid).not.toBe(keyB.kid);
  });

  it('stores the private key sealed under the master key, never as PEM', async () => {
    const token = await newMerchant();
    const key = await createKey(token);
    const row = await gw.db.selectFrom('encryption_keys').selectAll().where('kid', '=', key.kid).executeTakeFirstOrThrow();
    expect(row.public_key).toBe(key.public_key);
    expect(row.private_key_sealed.startsWith('mk1.')).toBe(true);
    expect(row.private_key_sealed).not.toContain('PRIVATE KEY');
    for (const value of Object.values(row)) {
      if (typeof value === 'string') expect(value).not.toContain('PRIVATE KEY');
    }
  });

  it('creating or rotating needs compliance:write (instruments:write is not enough); reading needs instruments:read or :write', async () => {
    const client = await gw.client();
    const narrow = await client.token('organizations:read');
    const refused = await gw.request<ErrorBody>('POST', '/v1/encryption/keys', { token: narrow });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await gw.request<ErrorBody>('GET', '/v1/encryption/keys', { token: narrow })).status).toBe(403);
    const full = await client.token();
    expect((await gw.request<ErrorBody>('GET', '/v1/encryption/keys', { token: full })).status).toBe(404);

    // instruments:write tokenizes and reads the key, but neither creates nor rotates it.
    const writer = await client.token('instruments:write instruments:read');
    const notCreated = await gw.request<ErrorBody>('POST', '/v1/encryption/keys', { token: writer });
    expect(notCreated.status).toBe(403);
    expect(notCreated.body.error.code).toBe('forbidden');
    expect((await gw.request<ErrorBody>('GET', '/v1/encryption/keys', { token: full })).status).toBe(404);

    const compliance = await client.token('compliance:write');
    const created = await createKey(compliance);
    expect((await gw.request('POST', '/v1/encryption/keys', { token: writer })).status).toBe(403);
    const reader = await client.token('instruments:read');
    expect((await gw.request<EncryptionKey>('GET', '/v1/encryption/keys', { token: reader })).body.kid).toBe(created.kid);
    expect((await gw.request<EncryptionKey>('GET', '/v1/encryption/keys', { token: writer })).body.kid).toBe(created.kid);
    expect((await gw.request('POST', '/v1/encryption/keys', { token: reader })).status).toBe(403);
  });

  it("keeps one key in grace: after 5 rotations 1 active, 1 in grace, the rest retired; a retired key's values are 422", async () => {
    const token = await newMerchant();
    const keys = [await createKey(token)];
    for (let i = 0; i < 5; i++) keys.push(await createKey(token));
    const statuses = async () =>
      new Map(
        (
          await gw.db
            .selectFrom('encryption_keys')
            .select(['kid', 'status'])
            .where(
              'kid',
              'in',
              keys.map((k) => k.kid),
            )
            .execute()
        ).map((r) => [r.kid, r.status]),
      );
    const byKid = await statuses();
    expect(keys.map((k) => byKid.get(k.kid))).toEqual(['retired', 'retired', 'retired', 'retired', 'grace', 'active']);

    const under = async (key: EncryptionKey, number: string) => tokenizeWith(token, await encryptedCard(await importPublicKey(key.public_key), card(number)));
    // The key rotated two rotations ago: refused like any value that does not decrypt, naming every field.
    const retired = await under(keys[3]!, '4242424242424242');
    expect(retired.status).toBe(422);
    expect(retired.body.error.code).toBe('validation_failed');
    expect(retired.body.error.details.map((d) => d.field).sort()).toEqual([...ENCRYPTED_FIELDS].sort());
    expect((await under(keys[0]!, '4242424242424242')).status).toBe(422);
    // The one in grace and the active one still decrypt.
    expect((await under(keys[4]!, '4242424242424242')).status).toBe(201);
    expect((await under(keys[5]!, '5555555555554444')).status).toBe(201);
  });

  it('tries at most two keys: of several keys left in grace (rows from before the one-grace-key rule) only the newest decrypts', async () => {
    const token = await newMerchant();
    const keys = [await createKey(token)];
    for (let i = 0; i < 5; i++) keys.push(await createKey(token));
    // As a database written before rotations retired the previous grace key would hold them: five keys in grace.
    await gw.db
      .updateTable('encryption_keys')
      .set({ status: 'grace', decrypts_until: new Date(Date.now() + DAY_MS).toISOString() })
      .where(
        'kid',
        'in',
        keys.slice(0, 5).map((k) => k.kid),
      )
      .execute();
    const under = async (key: EncryptionKey) => tokenizeWith(token, await encryptedCard(await importPublicKey(key.public_key), card('4242424242424242')));
    for (const old of keys.slice(0, 4)) {
      const refused = await under(old);
      expect(refused.status).toBe(422);
      expect(refused.body.error.details.map((d) => d.field).sort()).toEqual([...ENCRYPTED_FIELDS].sort());
    }
    expect((await under(keys[4]!)).status).toBe(201);
    expect((await under(keys[5]!)).status).toBe(201);
    // The next rotation retires every one of them but the key it replaces.
    const next = await createKey(token);
    const rows = await gw.db
      .selectFrom('encryption_keys')
      .select(['kid', 'status'])
      .where(
        'organization_id',
        '=',
        (await gw.db.selectFrom('encryption_keys').select('organization_id').where('kid', '=', next.kid).executeTakeFirstOrThrow()).organization_id,
      )
      .execute();
    expect(rows.filter((r) => r.status === 'grace').map((r) => r.kid)).toEqual([keys[5]!.kid]);
    expect(rows.filter((r) => r.status === 'active').map((r) => r.kid)).toEqual([next.kid]);
  });
});
