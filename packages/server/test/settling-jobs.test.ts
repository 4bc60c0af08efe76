/**
 * The jobs that settle a payout, a settlement, a chargeback, a rail payment,
 * a link or a payment instruction keep trying through a failure far longer
 * than the 10 attempts (about 17 minutes of backoff) a job gets by default
 * (SETTLING_JOB_ATTEMPTS, jobs/store.ts), and settle it once the failure
 * ends. The failure is the database refusing the job's write for a day: a
 * trigger that raises on the row the job writes (as idempotency-store.test.ts
 * makes both engines refuse an insert), dropped after. No wall-clock wait:
 * the gateway's real time is a MovableTime, moved an hour at a time, and each
 * hour is one more attempt once the runner's backoff reaches its ceiling.
 * Both dialects.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { MovableTime } from './support/clock.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { placeTerminal } from './support/terminal.js';
import { migrateTo } from './support/migrations.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { SETTLING_JOB_ATTEMPTS } from '../src/jobs/store.js';

const DAY_SECONDS = 86_400;
const CHARGEBACK_CARD = '4000000000000259';
/** The runner's default attempts: what these jobs had before, about 17 minutes of backoff. */
const DEFAULT_ATTEMPTS = 10;

interface Org {
  id: string;
  token(): Promise<string>;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; text: string }>;
}

/** The write the job's work makes, which the database refuses during the failure. */
interface Refused {
  table: string;
  on: 'insert' | 'update';
  /** The rows refused: those whose `column` is `value` (the new row's for an insert, the old one's for an update). */
  column: string;
  value: string;
}

interface Started {
  /** Seconds until the job is due. */
  dueIn: number;
  refused: Refused;
  /** What the merchant sees, read without moving it (no view that settles it on the way). */
  state(): Promise<unknown>;
  /** While the job cannot run: in between. */
  pending: unknown;
  /** Once it ran. */
  settled: unknown;
}

interface Case {
  /** The job's type. */
  job: string;
  /** Brings the organization to where the job is enqueued and not yet due. */
  start(org: Org): Promise<Started>;
}

describe.each(dialects)('jobs that settle a state, through a day of a database refusing their write, on $name', (dialect) => {
  const time = new MovableTime();
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(
      dialect,
      // The sandbox bank answers 5 s after the customer; a bank-redirect payment stays valid 30 days, so its
      // expiry does not decline it during the day of refusals.
      { RAIL_MOCK_DELAY_SECONDS: '5', BANK_REDIRECT_VALIDITY_SECONDS: String(30 * DAY_SECONDS) },
      { time },
    );
  });
  afterAll(() => gw.close());

  /** Moves the gateway's real time (and so every organization's) `seconds` on, and runs what fell due. */
  const later = async (seconds: number) => {
    time.advance(seconds);
    await gw.gateway.jobs.runDue();
  };
  /** Whole seconds from now until `iso`, and one more. */
  const until = (iso: string) => Math.ceil((Date.parse(iso) - time.now()) / 1000) + 1;

  async function org(): Promise<Org> {
    const client = await gw.client();
    return {
      id: client.organizationId,
      // The time moves days on: a token is asked for each call, none outlives it.
      token: () => client.token(),
      call: async <T>(method: string, path: string, body?: unknown) =>
        gw.request<T>(method, path, { token: await client.token(), ...(body === undefined ? {} : { body }) }),
    };
  }

  const postgresql = dialect.name === 'postgres';
  /** A trigger that raises on the refused rows, as a database failing does; the statements that make it and drop it. */
  function refusal({ table, on, column, value }: Refused) {
    const when = `${on === 'insert' ? 'new' : 'old'}.${column} = '${value}'`;
    return postgresql
      ? {
          create: [
            "create function refuse_settling_write() returns trigger language plpgsql as $$ begin raise exception 'disk I/O refused'; end $$",
            `create trigger refuse_settling_write before ${on} on ${table} for each row when (${when}) execute function refuse_settling_write()`,
          ],
          drop: [`drop trigger refuse_settling_write on ${table}`, 'drop function refuse_settling_write()'],
        }
      : {
          create: [
            `create trigger refuse_settling_write before ${on} on ${table} for each row when ${when} begin select raise(abort, 'disk I/O refused'); end`,
          ],
          drop: ['drop trigger refuse_settling_write'],
        };
  }

  /** The organization's job of `type` that was tried most (of a settlement run's, the newest). */
  const jobOf = (type: string, organizationId: string) =>
    gw.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('type', '=', type)
      .where('organization_id', '=', organizationId)
      .orderBy('attempts', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  /** The events of `types` whose data names `id`, oldest first. */
  const eventsOf = async (id: string, types: string[]) =>
    (await gw.db.selectFrom('events').select('type').where('type', 'in', types).where('data', 'like', `%${id}%`).orderBy('id').execute()).map((e) => e.type);

  /** A rail payment of `amount` COP, approved: its money is pending, to settle at the start of the organization's next day. */
  async function railPayment(o: Org, amount: number): Promise<string> {
    const intent = await o.call<{ payment_id: string }>('POST', '/v1/payments/intents', {
      order_id: `settle-${Math.random().toString(36).slice(2)}`,
      amount,
      currency: 'COP',
      rail_id: 'QR_INTEROP',
      rail_type: 'BANK_TRANSFER',
    });
    expect(intent.status, intent.text).toBe(201);
    const approved = await o.call('POST', `/v1/sandbox/payments/${intent.body.payment_id}/simulate`, { outcome: 'approve' });
    expect(approved.status, approved.text).toBe(200);
    return intent.body.payment_id;
  }

  /** A captured payment of the chargeback card: its chargeback, OPEN. */
  async function chargeback(o: Org): Promise<{ id: string; respond_by: string }> {
    const token = await o.token();
    const payment = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: CHARGEBACK_CARD }), amount: 75.5, capture: false });
    expect(payment.status, payment.text).toBe(201);
    const captured = await o.call<PaymentReply>('POST', `/v1/payments/${payment.body.id}/capture`, {});
    expect(captured.status, captured.text).toBe(200);
    const list = await o.call<{ data: Array<{ id: string; status: string; respond_by: string }> }>('GET', `/v1/chargebacks?payment_id=${payment.body.id}`);
    expect(list.body.data).toMatchObject([{ status: 'OPEN' }]);
    return list.body.data[0]!;
  }

  /** The chargeback's status and events, and the money it holds in the organization's balance. */
  const chargebackState = async (o: Org, id: string) => ({
    status: (await o.call<{ status: string }>('GET', `/v1/chargebacks/${id}`)).body.status,
    events: await eventsOf(id, ['chargeback.updated']),
    reserved: (await o.call<{ balances: Array<{ currency: string; reserved: string }> }>('GET', '/v1/balance')).body.balances.find((b) => b.currency === 'USD')
      ?.reserved,
  });

  const cases: Case[] = [
    {
      job: 'payout.arrive',
      async start(o) {
        expect((await o.call('PATCH', '/v1/balance/settings', { payouts: { interval: 'manual' } })).status).toBe(200);
        await railPayment(o, 10_000);
        await later(DAY_SECONDS + 60);
        const payout = await o.call<{ id: string; status: string }>('POST', '/v1/payouts', { currency: 'COP' });
        expect(payout.status, payout.text).toBe(201);
        const id = payout.body.id;
        return {
          dueIn: DAY_SECONDS + 1,
          refused: { table: 'payouts', on: 'update', column: 'id', value: id },
          state: async () => ({
            status: (await o.call<{ status: string }>('GET', `/v1/payouts/${id}`)).body.status,
            events: await eventsOf(id, ['payout.paid', 'payout.failed']),
          }),
          pending: { status: 'in_transit', events: [] },
          settled: { status: 'paid', events: ['payout.paid'] },
        };
      },
    },
    {
      job: 'settlement.run',
      async start(o) {
        expect((await o.call('PATCH', '/v1/balance/settings', { payouts: { interval: 'manual' } })).status).toBe(200);
        await railPayment(o, 20_000);
        // Its run, due at once, found nothing due yet and waits for the start of the organization's next day.
        await gw.gateway.jobs.runDue();
        const nextDay = new Date((Math.floor(time.now() / (DAY_SECONDS * 1000)) + 1) * DAY_SECONDS * 1000).toISOString();
        return {
          dueIn: until(nextDay),
          refused: { table: 'settlements', on: 'insert', column: 'organization_id', value: o.id },
          state: async () => {
            const balance = await o.call<{ balances: Array<{ currency: string; available: string; pending: string }> }>('GET', '/v1/balance');
            const cop = balance.body.balances.find((b) => b.currency === 'COP');
            return { available: cop?.available, pending: cop?.pending };
          },
          pending: { available: '0.00', pending: '20000.00' },
          settled: { available: '20000.00', pending: '0.00' },
        };
      },
    },
    {
      job: 'chargeback.expire',
      async start(o) {
        const opened = await chargeback(o);
        return {
          dueIn: until(opened.respond_by),
          refused: { table: 'chargebacks', on: 'update', column: 'id', value: opened.id },
          state: () => chargebackState(o, opened.id),
          pending: { status: 'OPEN', events: [], reserved: '75.50' },
          settled: { status: 'LOST', events: ['chargeback.updated'], reserved: '0.00' },
        };
      },
    },
    {
      job: 'chargeback.decide',
      async start(o) {
        const opened = await chargeback(o);
        const disputed = await o.call<{ status: string; decision_due_at: string }>('POST', `/v1/chargebacks/${opened.id}/dispute`, {
          evidence: 'Signed delivery receipt. winning_evidence',
        });
        expect(disputed.body.status, disputed.text).toBe('DISPUTED');
        return {
          dueIn: until(disputed.body.decision_due_at),
          refused: { table: 'chargebacks', on: 'update', column: 'id', value: opened.id },
          state: () => chargebackState(o, opened.id),
          pending: { status: 'DISPUTED', events: ['chargeback.updated'], reserved: '75.50' },
          settled: { status: 'WON', events: ['chargeback.updated', 'chargeback.updated'], reserved: '0.00' },
        };
      },
    },
    {
      job: 'apm.bank_settle',
      async start(o) {
        const intent = await o.call<{ payment_id: string }>('POST', '/v1/payments/intents', {
          order_id: `settle-${Math.random().toString(36).slice(2)}`,
          amount: 150_050,
          currency: 'COP',
          rail_id: 'BANK_REDIRECT',
          rail_type: 'BANK_TRANSFER',
          return_url: 'https://shop.example/back',
          // The sandbox's approving test bank.
          customer: { bank_id: '9001', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com', document_type: 'CC', document: '1020304050' },
        });
        expect(intent.status, intent.text).toBe(201);
        const id = intent.body.payment_id;
        const state = async () => {
          const { status, status_detail } = (await o.call<{ transaction: { status: string; status_detail: string } }>('GET', `/v1/payments/${id}`)).body
            .transaction;
          return { status, status_detail };
        };
        // The customer approved on the bank's page: the bank processes it, and answers 5 s later.
        await later(5);
        expect(await state()).toEqual({ status: 'IN_PROGRESS', status_detail: 'PENDING_PROVIDER' });
        return {
          dueIn: 6,
          refused: { table: 'payments', on: 'update', column: 'id', value: id },
          state,
          pending: { status: 'IN_PROGRESS', status_detail: 'PENDING_PROVIDER' },
          settled: { status: 'APPROVED', status_detail: 'SUCCESS' },
        };
      },
    },
    {
      job: 'link.expire',
      async start(o) {
        const link = await o.call<{ id: string; expires_at: string }>('POST', '/v1/links', {
          type: 'payment',
          expires_in: 60,
          data: { amount: { value: 10, currency: 'USD' } },
        });
        expect(link.status, link.text).toBe(201);
        const id = link.body.id;
        return {
          dueIn: until(link.body.expires_at),
          refused: { table: 'links', on: 'update', column: 'id', value: id },
          // The row and the events, not GET /v1/links/{id}: a view expires a link past its time on the way.
          state: async () => ({
            status: (await gw.db.selectFrom('links').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
            events: await eventsOf(id, ['link.expired']),
          }),
          pending: { status: 'created', events: [] },
          settled: { status: 'expired', events: ['link.expired'] },
        };
      },
    },
    {
      job: 'payment_instruction.expire',
      async start(o) {
        const place = await placeTerminal(gw, await o.token());
        const instruction = await o.call<{ id: string; expires_at: string }>('POST', '/v1/payment-instructions', {
          terminal_id: place.terminalId,
          amount: 150,
          currency: 'USD',
          order_id: `settle-${Math.random().toString(36).slice(2)}`,
          expires_in: 60,
        });
        expect(instruction.status, instruction.text).toBe(201);
        const id = instruction.body.id;
        return {
          dueIn: until(instruction.body.expires_at),
          refused: { table: 'payment_instructions', on: 'update', column: 'id', value: id },
          state: async () => ({
            status: (await o.call<{ status: string }>('GET', `/v1/payment-instructions/${id}`)).body.status,
            events: await eventsOf(id, ['payment_instruction.expired']),
          }),
          pending: { status: 'PENDING', events: [] },
          settled: { status: 'EXPIRED', events: ['payment_instruction.expired'] },
        };
      },
    },
  ];

  it.each(cases)('$job: refused for a day, tried about hourly past its default 10 attempts, and settles once the database takes it', async ({ job, start }) => {
    const o = await org();
    const started = await start(o);
    const refuse = refusal(started.refused);
    for (const statement of refuse.create) await sql.raw(statement).execute(gw.db);
    try {
      await later(started.dueIn);
      // Its first attempt was refused (on both engines).
      expect(await jobOf(job, o.id)).toMatchObject({ status: 'pending', last_error: expect.stringContaining('disk I/O refused') });
      // A day of refusals: far past the 10 attempts (about 17 minutes) a job gets by default.
      for (let hour = 0; hour < 24; hour++) await later(3600);
      expect(await started.state()).toEqual(started.pending);
    } finally {
      for (const statement of refuse.drop) await sql.raw(statement).execute(gw.db);
    }
    // The backoff's longest wait: an hour, with up to 20% jitter.
    await later(3600 * 1.2 + 1);
    expect(await started.state()).toEqual(started.settled);
    const ran = await jobOf(job, o.id);
    expect(ran.status).toBe('completed');
    expect(Number(ran.attempts)).toBeGreaterThan(DEFAULT_ATTEMPTS + 1);
  });
});

describe.each(dialects)('jobs waiting when the gateway is upgraded, on $name', (dialect) => {
  it('the settling kinds still pending get about a week of attempts; failed ones, and the jobs with their own limit, are left as they were', async () => {
    const handle = openDatabase({ database: { kind: dialect.name, url: await dialect.databaseUrl() } });
    try {
      const db = handle.db;
      await migrateTo(db, '095_refund_network_reference');
      const now = new Date(0).toISOString();
      const jobs: Array<{ id: string; type: string; status: 'pending' | 'failed'; max_attempts: number }> = [
        { id: 'job-capture', type: 'payment.capture', status: 'pending', max_attempts: 10 },
        { id: 'job-refund', type: 'refund.recover', status: 'pending', max_attempts: 10 },
        { id: 'job-payout', type: 'payout.arrive', status: 'pending', max_attempts: 10 },
        { id: 'job-chargeback', type: 'chargeback.decide', status: 'pending', max_attempts: 10 },
        { id: 'job-link', type: 'link.expire', status: 'pending', max_attempts: 10 },
        { id: 'job-rail', type: 'apm.bank_settle', status: 'pending', max_attempts: 10 },
        { id: 'job-failed', type: 'payout.arrive', status: 'failed', max_attempts: 10 },
        { id: 'job-webhook', type: 'webhook.deliver', status: 'pending', max_attempts: 8 },
        { id: 'job-callback', type: 'enrollment.callback', status: 'pending', max_attempts: 10 },
        { id: 'job-report', type: 'report.generate', status: 'pending', max_attempts: 3 },
        { id: 'job-mock', type: 'apm.mock_customer', status: 'pending', max_attempts: 10 },
      ];
      await db
        .insertInto('jobs')
        .values(jobs.map((j) => ({ ...j, payload: '{}', run_at: now, attempts: j.status === 'failed' ? 10 : 2, created_at: now, updated_at: now })))
        .execute();
      await migrateToLatest(db);
      const after = await db.selectFrom('jobs').select(['id', 'max_attempts']).orderBy('id').execute();
      expect(Object.fromEntries(after.map((j) => [j.id, Number(j.max_attempts)]))).toEqual({
        'job-capture': SETTLING_JOB_ATTEMPTS,
        'job-refund': SETTLING_JOB_ATTEMPTS,
        'job-payout': SETTLING_JOB_ATTEMPTS,
        'job-chargeback': SETTLING_JOB_ATTEMPTS,
        'job-link': SETTLING_JOB_ATTEMPTS,
        'job-rail': SETTLING_JOB_ATTEMPTS,
        'job-failed': 10,
        'job-webhook': 8,
        'job-callback': 10,
        'job-report': 3,
        'job-mock': 10,
      });
    } finally {
      await handle.close();
    }
  });
});
