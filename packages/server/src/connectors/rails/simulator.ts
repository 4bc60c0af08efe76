/**
 * The sandbox's Colombian rails (docs/sandbox.md): a hosted bank page for the
 * bank redirect, push and OTP wallets whose customer is played by test data or
 * the sandbox controls, an OTP "SMS" kept in `sandbox_sms`, and an EMVCo QR
 * with its alias and a page that plays the customer's banking app.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Clock } from '../../clock/clock.js';
import type { DisbursementResult, RailConnector, RailDisbursement, RailIntent, RailOutcome, RailStart } from './connector.js';

/** What the simulator puts in a QR_INTEROP intent's EMVCo payload. */
export interface QrPayloadInput {
  merchantAccount: { gui: string; merchantId: string };
  merchantName: string;
  merchantCity: string;
  amountMinor: number;
  reference: string;
}

/** Push-wallet test phones that decide by themselves. */
export const TEST_PHONES: Record<string, RailOutcome> = { '3991111111': 'approve', '3992222222': 'reject' };
/** The OTP while the rail mock is active. */
export const MOCK_OTP = '123456';
const ALIAS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export class RailSimulator implements RailConnector {
  constructor(
    /** Keys the OTP hashes (a deployment secret). */
    private readonly otpKey: Buffer,
    private readonly options: {
      publicBaseUrl: string;
      otpValiditySeconds: number;
      /** Encodes the EMVCo merchant-presented QR of a QR_INTEROP intent (apm/qr.ts, handed in by gateway/services.ts: connectors import no feature). */
      qrPayload: (input: QrPayloadInput) => string;
      /** The sandbox timers' clock (an OTP's validity is in the organization's time). */
      clock: Clock;
    },
  ) {}

  private otpHash(paymentId: string, otp: string): string {
    return createHmac('sha256', this.otpKey).update(`${paymentId}:${otp}`).digest('hex');
  }

  async initiate(trx: Executor, intent: RailIntent): Promise<RailStart> {
    // The rail mock: an amount whose integer part ends in 00 (spec 4.5).
    const mock = Math.floor(intent.amount / 100) % 100 === 0;
    const start: RailStart = {};
    switch (intent.railId) {
      case 'BANK_REDIRECT': {
        start.pageToken = randomBytes(18).toString('base64url');
        const bank = intent.bankId ? await trx.selectFrom('banks').select('sandbox_outcome').where('id', '=', intent.bankId).executeTakeFirst() : undefined;
        start.automaticOutcome = mock ? 'approve' : (bank?.sandbox_outcome ?? undefined);
        break;
      }
      case 'WALLET_PUSH':
        start.automaticOutcome = mock ? 'approve' : intent.phoneNumber ? TEST_PHONES[intent.phoneNumber] : undefined;
        break;
      case 'WALLET_OTP': {
        const otp = mock ? MOCK_OTP : String(randomInt(0, 1_000_000)).padStart(6, '0');
        start.otpHash = this.otpHash(intent.paymentId, otp);
        start.otpExpiresAt = await this.options.clock.isoAfter(intent.organizationId, this.options.otpValiditySeconds, trx);
        if (mock) start.automaticOutcome = 'approve';
        // The "SMS": what GET /v1/sandbox/sms shows.
        await trx
          .insertInto('sandbox_sms')
          .values({
            id: newId('sms'),
            organization_id: intent.organizationId,
            phone_number: intent.phoneNumber!,
            otp,
            payment_id: intent.paymentId,
            sent_at: this.options.clock.realIso(),
          })
          .execute();
        break;
      }
      case 'QR_INTEROP':
        start.alias = [...randomBytes(8)].map((b) => ALIAS_ALPHABET[b % ALIAS_ALPHABET.length]).join('');
        start.qrContent = this.options.qrPayload({
          merchantAccount: { gui: 'CO.COM.PASARELA', merchantId: intent.organizationId.slice(-20) },
          merchantName: 'Pasarela Sandbox',
          merchantCity: 'Bogota',
          amountMinor: intent.amount,
          reference: start.alias,
        });
        if (mock) start.automaticOutcome = 'approve';
        break;
    }
    return start;
  }

  otpMatches(paymentId: string, otpHash: string | null, otp: string): boolean {
    const expected = Buffer.from(otpHash ?? '', 'hex');
    const given = Buffer.from(this.otpHash(paymentId, otp.trim()), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Test data (docs/sandbox.md "Cashouts"): a cashout whose integer part ends in 99 fails; any other is paid at once. */
  disburse(_trx: Executor, disbursement: RailDisbursement): Promise<DisbursementResult> {
    if (Math.floor(disbursement.amount / 100) % 100 === 99)
      return Promise.resolve({ outcome: 'failed', reason: "The customer's account refused the transfer." });
    return Promise.resolve({ outcome: 'succeeded' });
  }

  paymentLink(intent: { railId: string; pageToken: string | null; alias: string | null }): string | undefined {
    if (intent.railId === 'BANK_REDIRECT' && intent.pageToken) return `${this.options.publicBaseUrl}/sandbox-bank/${intent.pageToken}`;
    if (intent.railId === 'QR_INTEROP' && intent.alias) return `${this.options.publicBaseUrl}/sandbox-bank/qr/${intent.alias}`;
    return undefined;
  }
}
