/**
 * Alternative payments on the four Colombian rails (spec 4.5, APM states of
 * section 3). An intent starts IN_PROGRESS / PENDING; the rail (the sandbox
 * simulator: hosted bank page, push approval, SMS OTP, QR) or the job runner
 * (expiry, the sandbox mock) moves it to one terminal state, once, with its
 * event in the same transaction.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Config } from '../config/config.js';
import type { Db, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { ApmPaymentsTable, ApmStatus, ApmStatusDetail } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import { recordEvent } from '../events/store.js';
import { enqueueJob } from '../jobs/store.js';
import { newId } from '../lib/ids.js';
import { minorToNumber } from '../lib/money.js';
import { isoAfterSeconds, nowIso } from '../lib/time.js';
import { emvMerchantPresentedPayload, qrImageDataUri } from './qr.js';
import { RAIL_TYPES, type ApmPayment, type CreateIntent, type RailId } from './schemas.js';
import { validateIntent } from './validation.js';

export type ApmRow = Selectable<ApmPaymentsTable>;
export type Outcome = 'approve' | 'reject' | 'fail' | 'expire';

export const APM_JOBS = {
  expire: 'apm.expire',
  /** The sandbox plays the customer (amount ending in 00, or test data). */
  mockCustomer: 'apm.mock_customer',
  /** The bank finishes processing after the customer approved on its page. */
  bankSettle: 'apm.bank_settle',
} as const;

/** Push-wallet test phones that decide by themselves (docs/sandbox.md). */
export const TEST_PHONES: Record<string, Outcome> = { '3991111111': 'approve', '3992222222': 'reject' };
export const MOCK_OTP = '123456';

const FINAL: Record<Outcome, { status: ApmStatus; detail: ApmStatusDetail; event: string }> = {
  approve: { status: 'APPROVED', detail: 'SUCCESS', event: 'payment.purchase.succeeded' },
  reject: { status: 'DECLINED', detail: 'REJECTED', event: 'payment.purchase.rejected' },
  expire: { status: 'DECLINED', detail: 'REJECTED', event: 'payment.purchase.rejected' },
  fail: { status: 'FAILED', detail: 'REJECTED', event: 'payment.purchase.failed' },
};

const ALIAS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function apmEventData(row: ApmRow) {
  return {
    payment: {
      id: row.id,
      order_id: row.order_id,
      currency: row.currency,
      current_amount: minorToNumber(Number(row.amount) - Number(row.amount_cashed_out), row.currency),
      rail_id: row.rail_id,
      transaction: { id: row.transaction_id, status: row.status, status_detail: row.status_detail },
    },
  };
}

export class AlternativePaymentService {
  constructor(
    readonly db: Db,
    /** Keys the OTP hashes (a deployment secret, see crypto/deployment-secrets.ts). */
    private readonly otpKey: Buffer,
    private readonly config: Pick<Config, 'rails' | 'publicBaseUrl' | 'environment' | 'connectors'>,
  ) {}

  banks(railId = 'BANK_REDIRECT') {
    return this.db.selectFrom('banks').select(['id', 'name', 'sandbox_outcome']).where('rail_id', '=', railId).where('active', '=', 1).orderBy('position').execute();
  }

  async view(row: ApmRow): Promise<ApmPayment> {
    const rail: ApmPayment['rail'] = { id: row.rail_id };
    if (row.rail_id === 'BANK_REDIRECT' && row.page_token) rail.payment_link = `${this.config.publicBaseUrl}/sandbox-bank/${row.page_token}`;
    if (row.rail_id === 'QR_INTEROP' && row.qr_content) {
      rail.qr = { image: await qrImageDataUri(row.qr_content), content: row.qr_content };
      rail.alias = row.alias ?? undefined;
      rail.payment_link = `${this.config.publicBaseUrl}/sandbox-bank/qr/${row.alias}`;
    }
    return {
      payment_id: row.id,
      order_id: row.order_id,
      currency: 'COP',
      description: row.description,
      transaction: { id: row.transaction_id, type: 'PURCHASE', status: row.status, status_detail: row.status_detail, amount: minorToNumber(Number(row.amount), row.currency) },
      rail,
      expires_at: row.expires_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  find(organizationId: string, id: string): Promise<ApmRow | undefined> {
    return this.db.selectFrom('apm_payments').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  }

  findById(db: Executor, id: string): Promise<ApmRow | undefined> {
    return db.selectFrom('apm_payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private otpHash(paymentId: string, otp: string): string {
    return createHmac('sha256', this.otpKey).update(`${paymentId}:${otp}`).digest('hex');
  }

  async create(
    organizationId: string,
    body: CreateIntent,
    options: { onCreate?: (trx: Executor, paymentId: string) => Promise<void> } = {},
  ): Promise<{ payment: ApmPayment; created: boolean }> {
    // The rails are simulated (hosted bank and QR pages, mock, test data); without CONNECTORS=simulator there is no rail.
    if (this.config.connectors !== 'simulator') {
      throw new ApiError('service_unavailable', 'No rail connector is configured in this deployment (CONNECTORS=none).');
    }
    const bankRows = await this.banks();
    const { intent, errors } = validateIntent(body, new Set(bankRows.map((b) => b.id)));
    if (!intent) throw ApiError.validation(errors);

    const existing = await this.db.selectFrom('apm_payments').selectAll().where('organization_id', '=', organizationId).where('order_id', '=', body.order_id).executeTakeFirst();
    if (existing) return { payment: await this.sameOrder(existing, intent.amount, intent.railId), created: false };

    const now = Date.now();
    const id = newId('payment');
    // Sandbox rail mock: an amount whose integer part ends in 00 (spec 4.5).
    const mock = Math.floor(intent.amount / 100) % 100 === 0;
    const row: ApmRow = {
      id,
      organization_id: organizationId,
      order_id: body.order_id,
      transaction_id: newId('transaction'),
      rail_id: intent.railId,
      rail_type: RAIL_TYPES[intent.railId],
      amount: intent.amount,
      currency: 'COP',
      description: body.description ?? null,
      customer: JSON.stringify({ ...(body.customer ?? {}), ...(intent.phoneNumber ? { phone_number: intent.phoneNumber } : {}) }),
      return_url: body.return_url ?? null,
      status: 'IN_PROGRESS',
      status_detail: 'PENDING',
      mock: mock ? 1 : 0,
      page_token: intent.railId === 'BANK_REDIRECT' ? randomBytes(18).toString('base64url') : null,
      qr_content: null,
      alias: null,
      otp_hash: null,
      otp_expires_at: null,
      otp_attempts: 0,
      amount_cashed_out: 0,
      amount_cashout_pending: 0,
      expires_at: isoAfterSeconds(this.config.rails.validitySeconds[intent.railId], now),
      finished_at: null,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    };
    let otp: string | undefined;
    if (intent.railId === 'WALLET_OTP') {
      otp = mock ? MOCK_OTP : String(randomInt(0, 1_000_000)).padStart(6, '0');
      row.otp_hash = this.otpHash(id, otp);
      row.otp_expires_at = isoAfterSeconds(this.config.rails.otpValiditySeconds, now);
    }
    if (intent.railId === 'QR_INTEROP') {
      row.alias = [...randomBytes(8)].map((b) => ALIAS_ALPHABET[b % ALIAS_ALPHABET.length]).join('');
      row.qr_content = emvMerchantPresentedPayload({
        merchantAccount: { gui: 'CO.COM.PASARELA', merchantId: organizationId.slice(-20) },
        merchantName: 'Pasarela Sandbox',
        merchantCity: 'Bogota',
        amountMinor: intent.amount,
        reference: row.alias,
      });
    }
    // Who decides without a customer: the mock, or sandbox test data (docs/sandbox.md).
    let automatic: Outcome | undefined;
    if (mock) automatic = 'approve';
    else if (intent.railId === 'WALLET_PUSH' && intent.phoneNumber) automatic = TEST_PHONES[intent.phoneNumber];
    else if (intent.railId === 'BANK_REDIRECT') automatic = bankRows.find((b) => b.id === intent.bankId)?.sandbox_outcome ?? undefined;
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('apm_payments').values(row).execute();
        await options.onCreate?.(trx, id);
        await recordEvent(trx, organizationId, 'payment.purchase.pending', apmEventData(row));
        await enqueueJob(trx, { type: APM_JOBS.expire, payload: { payment_id: id }, delaySeconds: this.config.rails.validitySeconds[intent.railId] });
        if (automatic) {
          await enqueueJob(trx, { type: APM_JOBS.mockCustomer, payload: { payment_id: id, outcome: automatic }, delaySeconds: this.config.rails.mockDelaySeconds });
        }
        if (otp && intent.phoneNumber) {
          await trx.insertInto('sandbox_sms').values({ id: newId('sms'), organization_id: organizationId, phone_number: intent.phoneNumber, otp, payment_id: id, sent_at: row.created_at }).execute();
        }
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.db.selectFrom('apm_payments').selectAll().where('organization_id', '=', organizationId).where('order_id', '=', body.order_id).executeTakeFirst();
      if (!winner) throw error;
      return { payment: await this.sameOrder(winner, intent.amount, intent.railId), created: false };
    }
    return { payment: await this.view(row), created: true };
  }

  private async sameOrder(existing: ApmRow, amount: number, railId: RailId): Promise<ApmPayment> {
    if (Number(existing.amount) !== amount || existing.rail_id !== railId) {
      throw new ApiError('order_id_conflict', `order_id ${existing.order_id} was already used for an intent with another amount or rail.`);
    }
    return this.view(existing);
  }

  /**
   * Moves an intent still IN_PROGRESS to its terminal state, with its event,
   * once: a compare-and-set decides between racing finishers.
   */
  async finish(id: string, outcome: Outcome, options: { before?: (trx: Executor, row: ApmRow) => Promise<void> } = {}): Promise<boolean> {
    const final = FINAL[outcome];
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('apm_payments')
        .set({ status: final.status, status_detail: final.detail, finished_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'IN_PROGRESS')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const row = (await this.findById(trx, id))!;
      if (options.before) await options.before(trx, row);
      await recordEvent(trx, row.organization_id, final.event, apmEventData(row));
      return true;
    });
  }

  /** The customer approved at the bank; the bank is processing (spec: IN_PROGRESS / PENDING_PROVIDER). */
  async bankProcessing(id: string, outcome: Outcome): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('apm_payments')
        .set({ status_detail: 'PENDING_PROVIDER', updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'IN_PROGRESS')
        .where('status_detail', '=', 'PENDING')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await enqueueJob(trx, { type: APM_JOBS.bankSettle, payload: { payment_id: id, outcome }, delaySeconds: this.config.rails.mockDelaySeconds });
      return true;
    });
  }

  /** OTP wallet step 2 (spec 4.5): 200 means received; the outcome comes by event and status. */
  async confirm(organizationId: string, id: string, otp: string): Promise<{ message: string }> {
    const row = await this.find(organizationId, id);
    if (!row) throw ApiError.notFound('payment');
    if (row.rail_id !== 'WALLET_OTP') throw new ApiError('payment_not_confirmable', `Only WALLET_OTP intents are confirmed with an OTP; this one is ${row.rail_id}.`);
    if (row.status !== 'IN_PROGRESS') throw new ApiError('payment_finished', `This payment is already ${row.status}.`);
    if ((row.otp_expires_at ?? '') <= nowIso()) {
      await this.finish(id, 'expire');
      return { message: 'OTP received; it had expired, so the payment was rejected.' };
    }
    const expected = Buffer.from(row.otp_hash ?? '', 'hex');
    const given = Buffer.from(this.otpHash(id, otp.trim()), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await this.finish(id, 'approve', {
        before: (trx, current) => recordEvent(trx, organizationId, 'payment.purchase.confirm.processed', apmEventData(current)).then(() => undefined),
      });
      return { message: 'OTP received.' };
    }
    // Wrong: the attempt stays active until the bound is reached.
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      const counted = await trx
        .updateTable('apm_payments')
        .set({ otp_attempts: sql`otp_attempts + 1`, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'IN_PROGRESS')
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return;
      const current = (await this.findById(trx, id))!;
      await recordEvent(trx, organizationId, 'payment.purchase.confirm.failed.retryable', apmEventData(current));
    });
    const after = (await this.find(organizationId, id))!;
    if (Number(after.otp_attempts) >= this.config.rails.otpMaxAttempts) await this.finish(id, 'reject');
    return { message: 'OTP received.' };
  }

  async simulate(organizationId: string, id: string, outcome: Outcome): Promise<ApmPayment> {
    const row = await this.find(organizationId, id);
    if (!row) throw ApiError.notFound('payment');
    if (!(await this.finish(id, outcome))) throw new ApiError('payment_finished', `This payment is already ${row.status}.`);
    return this.view((await this.find(organizationId, id))!);
  }

  async sms(organizationId: string, phoneNumber: string) {
    const rows = await this.db
      .selectFrom('sandbox_sms')
      .select(['phone_number', 'otp', 'payment_id', 'sent_at'])
      .where('organization_id', '=', organizationId)
      .where('phone_number', '=', phoneNumber)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return { data: rows };
  }
}
