/**
 * Secrets and card data at rest (docs/security.md): the
 * idempotency request hash never covers clear card data, full card numbers
 * only for instruments:read-sensitive-data of a PCI DSS SAQ D client (recorded
 * and logged without the number), and re-sealing every stored secret under a
 * new master key (`npm run cli -- keys reseal`, the built CLI; run
 * `npm run build` first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, testEnv, type TestGateway } from './support/gateway.js';
import { encryptedCard, merchantKey, pay, tokenize } from './support/cards.js';
import { CLI_ENTRY, runProcess, startServerProcess } from './support/process.js';
import { eventually } from './support/wait.js';
import { Keyring } from '../src/crypto/keyring.js';
import { resealAll, type ResealCount } from '../src/crypto/reseal.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/database.js';

interface ErrorBody {
  error: { code: string; message: string; details: Array<{ field: string; message: string }> };
}

interface Instrument {
  id: string;
  status: string;
  card: { last_four_digits: string; number?: string; holder_name: string };
}

const YEAR = String(new Date().getUTCFullYear() + 3);
const directCard = (number: string, cvv = '321') => ({
  type: 'CARD',
  card: { number, expiration_month: '09', expiration_year: YEAR, holder_name: 'Camila Ríos', cvv },
});

/** JSON with sorted keys: what the request hash covers, rewritten here rather than imported. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

describe.each(dialects)('secrets at rest on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  describe('the idempotency request hash of a direct (clear) card', () => {
    it('covers the keyed fingerprint of the number, never the number or the CVV; same card replays, another card is a mismatch', async () => {
      const client = await gw.client({ pciSaqD: true });
      const token = await client.token();
      const key = `direct-${randomBytes(8).toString('hex')}`;
      const send = (body: unknown) => gw.request<Instrument & ErrorBody>('POST', '/v1/instruments', { token, body, headers: { 'idempotency-key': key } });

      const first = await send(directCard('4242424242424242', '321'));
      expect(first.status, first.text).toBe(201);
      const same = await send(directCard('4242424242424242', '321'));
      expect(same.status).toBe(201);
      expect(same.headers.get('idempotent-replayed')).toBe('true');
      expect(same.body).toEqual(first.body);
      // The CVV is not part of the hash: the same card with another CVV is the same request.
      const otherCvv = await send(directCard('4242424242424242', '999'));
      expect(otherCvv.status).toBe(201);
      expect(otherCvv.headers.get('idempotent-replayed')).toBe('true');
      expect(otherCvv.body.id).toBe(first.body.id);
      // Another number is another request.
      const otherCard = await send(directCard('5555555555554444', '321'));
      expect(otherCard.status).toBe(409);
      expect(otherCard.body.error.code).toBe('idempotency_key_mismatch');

      // The stored hash is the HMAC of the body with the number replaced by the instrument's keyed fingerprint and no CVV.
      const row = await gw.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('client_id', '=', client.clientId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      const sealed = await gw.db.selectFrom('settings').select('value').where('key', '=', 'secret:idempotency_request_hash').executeTakeFirstOrThrow();
      const hashKey = gw.gateway.keyring.open(sealed.value, 'secret:idempotency_request_hash');
      const instrument = await gw.db.selectFrom('instruments').select('fingerprint').where('id', '=', first.body.id).executeTakeFirstOrThrow();
      const hash = (body: unknown) =>
        createHmac('sha256', hashKey)
          .update(`POST /v1/instruments\n${canonical(body)}`)
          .digest('hex');
      const { cvv: _cvv, ...withoutCvv } = directCard('4242424242424242').card;
      expect(row.request_hash).toBe(hash({ type: 'CARD', card: { ...withoutCvv, number: `fingerprint:${instrument.fingerprint}` } }));
      expect(row.request_hash).not.toBe(hash(directCard('4242424242424242', '321')));
      expect(JSON.stringify(row)).not.toContain('4242424242424242');
    });
  });

  describe('GET /v1/instruments/{id}?include=number', () => {
    it('shows the full number only with instruments:read-sensitive-data to a PCI DSS SAQ D client, and records every such read', async () => {
      const pci = await gw.client({ pciSaqD: true });
      const token = await pci.token();
      const number = '4000056655665556';
      const created = await gw.request<Instrument>('POST', '/v1/instruments', { token, body: directCard(number) });
      expect(created.status, created.text).toBe(201);
      const id = created.body.id;
      // An endpoint subscribed to everything: the audit record is not delivered to it.
      const endpoint = await gw.request<{ id: string }>('POST', '/v1/webhooks', { token, body: { url: 'http://127.0.0.1:9999/hook', events: ['*'] } });
      expect(endpoint.status).toBe(201);
      const revealed = async () =>
        (
          await gw.request<{ data: Array<{ id: string; type: string; data: Record<string, unknown> }> }>('GET', '/v1/events?type=instrument.number_revealed', {
            token,
          })
        ).body.data;

      const shown = await gw.request<Instrument>('GET', `/v1/instruments/${id}?include=number`, { token });
      expect(shown.status).toBe(200);
      expect(shown.body.card.number).toBe(number);
      expect(shown.body.card.last_four_digits).toBe('5556');
      expect(shown.headers.get('cache-control')).toBe('no-store');
      const events = await revealed();
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toMatchObject({
        instrument_id: id,
        last_four_digits: '5556',
        client_id: pci.clientId,
        request_id: shown.headers.get('x-request-id'),
      });
      expect(JSON.stringify(events)).not.toContain(number);
      const stored = await gw.db.selectFrom('events').selectAll().where('id', '=', events[0]!.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(number);
      expect(await gw.db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', events[0]!.id).execute()).toEqual([]);

      // Without include, or with a token lacking the permission: the usual view, nothing recorded.
      const plain = await gw.request<Instrument>('GET', `/v1/instruments/${id}`, { token });
      expect(plain.body.card).not.toHaveProperty('number');
      expect(plain.text).not.toContain(number);
      const reader = await pci.token('instruments:read');
      const withoutPermission = await gw.request<Instrument>('GET', `/v1/instruments/${id}?include=number`, { token: reader });
      expect(withoutPermission.status).toBe(200);
      expect(withoutPermission.body.card).not.toHaveProperty('number');
      expect(withoutPermission.text).not.toContain(number);

      // The permission without the SAQ D mark: 403, nothing recorded.
      const notPci = await gw.client({ organizationId: pci.organizationId, pciSaqD: false });
      const forbidden = await gw.request<ErrorBody>('GET', `/v1/instruments/${id}?include=number`, { token: await notPci.token() });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe('forbidden');
      expect(forbidden.text).not.toContain(number);

      // Another organization's SAQ D client: 404.
      const stranger = await gw.client({ pciSaqD: true });
      const other = await gw.request<ErrorBody>('GET', `/v1/instruments/${id}?include=number`, { token: await stranger.token() });
      expect(other.status).toBe(404);
      expect(other.text).not.toContain(number);

      // Only `number` may be included.
      const bad = await gw.request<ErrorBody>('GET', `/v1/instruments/${id}?include=cvv`, { token });
      expect(bad.status).toBe(422);
      expect(bad.body.error.details.map((d) => d.field)).toEqual(['include']);
      expect(await revealed()).toHaveLength(1);

      // A deleted instrument's number is not shown.
      expect((await gw.request('DELETE', `/v1/instruments/${id}`, { token })).status).toBe(200);
      const deleted = await gw.request<ErrorBody>('GET', `/v1/instruments/${id}?include=number`, { token });
      expect(deleted.status).toBe(409);
      expect(deleted.text).not.toContain(number);
      expect(await revealed()).toHaveLength(1);
    });

    it('logs each reveal without the number (the built server, LOG_LEVEL=info)', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pasarela-reveal-'));
      const env = {
        DATABASE_URL: await dialect.databaseUrl(),
        DATA_DIR: dataDir,
        MASTER_KEY: randomBytes(32).toString('base64'),
        PUBLIC_BASE_URL: AUDIENCE,
        LOG_LEVEL: 'info',
      };
      const created = await runProcess(CLI_ENTRY, ['clients', 'create', '--name', 'PCI', '--pci-saq-d', '--json'], env);
      expect(created.code, created.stderr).toBe(0);
      const client = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
      const server = await startServerProcess(env);
      try {
        const call = async <T>(method: string, path: string, token?: string, body?: unknown) => {
          const reply = await fetch(server.url + path, {
            method,
            headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          return { status: reply.status, body: (await reply.json()) as T };
        };
        const token = (
          await call<{ access_token: string }>('POST', '/oauth/token', undefined, {
            grant_type: 'client_credentials',
            client_id: client.client_id,
            client_secret: client.client_secret,
            audience: AUDIENCE,
          })
        ).body.access_token;
        const number = '5105105105105100';
        const instrument = await call<Instrument>('POST', '/v1/instruments', token, directCard(number));
        expect(instrument.status).toBe(201);
        const shown = await call<Instrument>('GET', `/v1/instruments/${instrument.body.id}?include=number`, token);
        expect(shown.body.card.number).toBe(number);
        // The log line is written after the answer: wait for it.
        const output = await eventually(
          async () => server.output(),
          (text) => text.includes('"audit":"instrument.number_revealed"'),
        );
        const line = output.split('\n').find((l) => l.includes('"audit":"instrument.number_revealed"'));
        expect(line, output).toBeDefined();
        expect(JSON.parse(line!)).toMatchObject({
          audit: 'instrument.number_revealed',
          instrument_id: instrument.body.id,
          client_id: client.client_id,
          last_four_digits: '5100',
        });
        expect(output).not.toContain(number);
        expect(output).not.toContain(number.slice(0, 12));
      } finally {
        await server.stop();
      }
    }, 120_000);
  });

  describe('npm run cli -- keys reseal', () => {
    it('re-seals every secret under the new MASTER_KEY (dry-run counts, resumable, a concurrent write kept); then the old key can go', async () => {
      const k1 = randomBytes(32).toString('base64');
      const k2 = randomBytes(32).toString('base64');
      const env = await testEnv(dialect, { MASTER_KEY: k1 });
      const keyring1 = new Keyring(k1);
      const keyring2 = new Keyring(k2);

      // Everything sealed under K1: signing key, deployment secrets, an encryption key, vault keys, a webhook secret, a link's api_key.
      const old = await startGateway(dialect, env);
      const client = await old.client({ pciSaqD: true });
      let token = await client.token();
      const instrument = await tokenize(old, token, { number: '4242424242424242' });
      const endpoint = (
        await old.request<{ id: string; secret: string }>('POST', '/v1/webhooks', { token, body: { url: 'http://127.0.0.1:9999/hook', events: ['*'] } })
      ).body;
      const link = await old.request<{ id: string }>('POST', '/v1/instruments/enrollments', {
        token,
        body: { type: 'card_enrollment', expires_in: 3600, data: { webhook: 'http://127.0.0.1:9999/enrolled', api_key: 'merchant-api-key-0123' } },
      });
      expect(link.status, link.text).toBe(201);
      const idempotencyKey = `reseal-${randomBytes(6).toString('hex')}`;
      const organization = await old.request<{ id: string }>('POST', '/v1/organizations', {
        token,
        body: { name: 'Before the rotation' },
        headers: { 'idempotency-key': idempotencyKey },
      });
      expect(organization.status).toBe(201);
      await old.close();

      const database = openDatabase(loadConfig(env));
      const db = database.db;
      const sealedIds = async () => {
        const values = [
          ...(await db.selectFrom('signing_keys').select('private_key_sealed as v').execute()),
          ...(await db.selectFrom('encryption_keys').select('private_key_sealed as v').execute()),
          ...(await db.selectFrom('organization_keys').select('key_sealed as v').execute()),
          ...(await db.selectFrom('webhook_secrets').select('secret_sealed as v').execute()),
          ...(await db.selectFrom('links').select('api_key_sealed as v').where('api_key_sealed', 'is not', null).execute()),
          ...(await db.selectFrom('settings').select('value as v').where('key', 'like', 'secret:%').execute()),
        ].map((r) => r.v!);
        return {
          total: values.length,
          underK1: values.filter((v) => keyring1.isCurrent(v)).length,
          underK2: values.filter((v) => keyring2.isCurrent(v)).length,
        };
      };
      const expected = {
        signing_keys: Number(
          (
            await db
              .selectFrom('signing_keys')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        encryption_keys: 1,
        organization_keys: 2,
        webhook_secrets: 1,
        links: 1,
        settings: Number(
          (
            await db
              .selectFrom('settings')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('key', 'like', 'secret:%')
              .executeTakeFirstOrThrow()
          ).n,
        ),
      };
      expect(expected.settings).toBeGreaterThanOrEqual(1);
      const before = await sealedIds();
      expect(before).toEqual({ total: Object.values(expected).reduce((a, b) => a + b, 0), underK1: before.total, underK2: 0 });

      const cliEnv = { DATABASE_URL: env.DATABASE_URL!, DATA_DIR: env.DATA_DIR!, MASTER_KEY: k2, MASTER_KEY_PREVIOUS: k1 };
      const tables = (stdout: string) => Object.fromEntries((JSON.parse(stdout) as { tables: ResealCount[] }).tables.map((t) => [t.table, t]));
      try {
        // Dry run: counts per table, writes nothing.
        const dry = await runProcess(CLI_ENTRY, ['keys', 'reseal', '--dry-run', '--json'], cliEnv);
        expect(dry.code, dry.stderr).toBe(0);
        const counted = tables(dry.stdout);
        for (const [table, n] of Object.entries(expected)) expect(counted[table], table).toMatchObject({ scanned: n, current: 0, resealed: n, unreadable: 0 });
        expect(await sealedIds()).toEqual(before);

        // Interrupted after the first tables (batches of one): what was done stays done.
        const both = new Keyring(k2, [k1]);
        await expect(
          resealAll(db, both, {
            batchSize: 1,
            beforeWrite: async (table) => {
              if (table === 'organization_keys') throw new Error('interrupted');
            },
          }),
        ).rejects.toThrow('interrupted');
        const partial = await sealedIds();
        expect(partial.underK2).toBe(expected.signing_keys + expected.encryption_keys);

        // Run again, with a server writing the webhook secret between the read and the write: the CAS keeps the server's value.
        const written = keyring2.seal(
          'whsec_written_meanwhile',
          `webhook_secret:${(await db.selectFrom('webhook_secrets').select('id').executeTakeFirstOrThrow()).id}`,
        );
        const resumed = await resealAll(db, both, {
          batchSize: 1,
          beforeWrite: async (table, rows) => {
            if (table === 'webhook_secrets') await db.updateTable('webhook_secrets').set({ secret_sealed: written }).where('id', '=', rows[0]!.id!).execute();
          },
        });
        const byTable = Object.fromEntries(resumed.map((t) => [t.table, t]));
        expect(byTable.signing_keys).toMatchObject({ current: expected.signing_keys, resealed: 0 });
        expect(byTable.encryption_keys).toMatchObject({ current: 1, resealed: 0 });
        expect(byTable.organization_keys).toMatchObject({ current: 0, resealed: 2 });
        expect(byTable.webhook_secrets).toMatchObject({ resealed: 0, changed_concurrently: 1 });
        expect((await db.selectFrom('webhook_secrets').select('secret_sealed').executeTakeFirstOrThrow()).secret_sealed).toBe(written);

        // The built CLI finishes (nothing left) and a dry run confirms it.
        const run = await runProcess(CLI_ENTRY, ['keys', 'reseal'], cliEnv);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain('signing_keys.private_key_sealed');
        const check = await resealAll(db, both, { dryRun: true });
        for (const t of check) expect(t, t.table).toMatchObject({ resealed: 0, unreadable: 0 });
        expect(await sealedIds()).toEqual({ total: before.total, underK1: 0, underK2: before.total });

        // Without K1 a value sealed under it would be reported, not lost: the CLI exits 1.
        const link1 = await db.selectFrom('links').select(['id', 'api_key_sealed']).where('id', '=', link.body.id).executeTakeFirstOrThrow();
        expect(keyring2.open(link1.api_key_sealed!, `link_api_key:${link1.id}`).toString('utf8')).toBe('merchant-api-key-0123');
        await db
          .updateTable('links')
          .set({ api_key_sealed: keyring1.seal('merchant-api-key-0123', `link_api_key:${link1.id}`) })
          .where('id', '=', link1.id)
          .execute();
        const unreadable = await runProcess(CLI_ENTRY, ['keys', 'reseal', '--json'], { ...cliEnv, MASTER_KEY_PREVIOUS: '' });
        expect(unreadable.code).toBe(1);
        expect(tables(unreadable.stdout).links).toMatchObject({ unreadable: 1 });
        expect((await resealAll(db, both)).find((t) => t.table === 'links')).toMatchObject({ resealed: 1, unreadable: 0 });
      } finally {
        await database.close();
      }

      // Only K2 now: the server starts and every secret still opens.
      const fresh = await startGateway(dialect, { ...env, MASTER_KEY: k2 });
      try {
        const tokenReply = await fresh.request<{ access_token: string }>('POST', '/oauth/token', {
          body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret, audience: AUDIENCE },
        });
        expect(tokenReply.status).toBe(200);
        token = tokenReply.body.access_token;
        // The encryption key's private half and the fingerprint key: the same card is the same instrument.
        const again = await fresh.request<{ id: string }>('POST', '/v1/instruments', {
          token,
          body: await encryptedCard(await merchantKey(fresh, token), { number: '4242424242424242' }),
        });
        expect(again.status, again.text).toBe(201);
        expect(again.body.id).toBe(instrument);
        // The card data key: the vault opens the number to pay.
        const payment = await pay(fresh, token, { instrumentId: instrument });
        expect(payment.status, payment.text).toBe(201);
        expect(payment.body.status).toBe('APPROVED');
        // The webhook secret (the value written meanwhile), and the idempotency hash key: the earlier request replays.
        expect((await fresh.request<{ secret: string }>('GET', `/v1/webhooks/${endpoint.id}/secret`, { token })).body.secret).toBe('whsec_written_meanwhile');
        const replay = await fresh.request<{ id: string }>('POST', '/v1/organizations', {
          token,
          body: { name: 'Before the rotation' },
          headers: { 'idempotency-key': idempotencyKey },
        });
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
        expect(replay.body.id).toBe(organization.body.id);
      } finally {
        await fresh.close();
      }
    }, 180_000);
  });
});
