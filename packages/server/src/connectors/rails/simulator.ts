/**
 * The sandbox's Colombian rails (docs/sandbox.md): the tools a rail's
 * definition composes its start from (payments/methods/<id>/ `sandbox`): a
 * hosted bank page, the test banks, an OTP "SMS" kept in `sandbox_sms`, and an
 * EMVCo QR with its alias and a page that plays the customer's banking app.
 * Which rail uses which, and its test data, its definition says.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { luhnValid } from '../../cards/rules.js';
import type { Clock } from '../../clock/clock.js';
import type { DisbursementResult, RailConnector, RailDisbursement, RailIntent, RailStart, SimulatedRail, SimulatorTools } from './connector.js';

/** What the simulator puts in a QR_INTEROP intent's EMVCo payload. */
export interface QrPayloadInput {
  merchantAccount: { gui: string; merchantId: string };
  merchantName: string;
  merchantCity: string;
  amountMinor: number;
  reference: string;
  channel: string;
  transactionId: string;
}

/** The merchant's Bre-B key a QR is paid to, and the name the payer's bank shows. */
export interface MerchantKey {
  key: string;
  merchantName: string;
}

/** The GUI of the QR's merchant account template (26) in the sandbox. */
export const QR_GUI = 'CO.COM.PASARELA';

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
      /** Encodes the EMVCo merchant-presented QR of a QR_INTEROP intent (payments/apm/qr.ts, handed in by gateway/services.ts: connectors import no feature). */
      qrPayload: (input: QrPayloadInput) => string;
      /** The sandbox timers' clock (an OTP's validity is in the organization's time). */
      clock: Clock;
      /** Each rail's side of the simulation: its method's definition (handed in by gateway/services.ts from the method registry). */
      rails: (railId: string) => SimulatedRail | undefined;
      /** The organization's active Bre-B key (bre-b/, handed in by gateway/services.ts), if any. */
      merchantKey?: (trx: Executor, organizationId: string) => Promise<MerchantKey | undefined>;
    },
  ) {}

  private otpHash(paymentId: string, otp: string): string {
    return createHmac('sha256', this.otpKey).update(`${paymentId}:${otp}`).digest('hex');
  }

  async initiate(trx: Executor, intent: RailIntent): Promise<RailStart> {
    const rail = this.options.rails(intent.railId);
    if (!rail) throw new Error(`the simulator has no rail ${intent.railId}`);
    // The rail mock: an amount whose integer part ends in 00 (spec 4.5).
    const mock = Math.floor(intent.amount / 100) % 100 === 0;
    const tools: SimulatorTools = {
      mock,
      bankPage: () => randomBytes(18).toString('base64url'),
      bankOutcome: async (bankId) => {
        if (!bankId) return undefined;
        const bank = await trx.selectFrom('banks').select('sandbox_outcome').where('id', '=', bankId).executeTakeFirst();
        return bank?.sandbox_outcome ?? undefined;
      },
      sendOtp: async () => {
        const otp = mock ? MOCK_OTP : String(randomInt(0, 1_000_000)).padStart(6, '0');
        const sent = {
          otpHash: this.otpHash(intent.paymentId, otp),
          otpExpiresAt: await this.options.clock.isoAfter(intent.organizationId, this.options.otpValiditySeconds, trx),
        };
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
        return sent;
      },
      qr: async () => {
        const alias = [...randomBytes(8)].map((b) => ALIAS_ALPHABET[b % ALIAS_ALPHABET.length]).join('');
        const merchant = await this.options.merchantKey?.(trx, intent.organizationId);
        const qrContent = this.options.qrPayload({
          merchantAccount: { gui: QR_GUI, merchantId: merchant?.key ?? intent.organizationId.slice(-20) },
          merchantName: merchant?.merchantName ?? 'Pasarela Sandbox',
          merchantCity: 'Bogota',
          amountMinor: intent.amount,
          reference: alias,
          channel: 'ECOMM',
          transactionId: alias,
        });
        return { alias, qrContent, ...(merchant ? { brebKey: merchant.key } : {}) };
      },
      reference: () => {
        const body = String(randomInt(1, 10)) + String(randomInt(0, 10_000_000_000)).padStart(10, '0');
        return [...'0123456789'].map((d) => body + d).find(luhnValid)!;
      },
    };
    return rail.initiate(intent, tools);
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

  paymentLink(intent: { railId: string; pageToken: string | null; alias: string | null; reference?: string | null }): string | undefined {
    // A cash voucher's page: its token is not a bank page's.
    if (intent.reference && intent.pageToken) return `${this.options.publicBaseUrl}/cash/${intent.pageToken}`;
    if (intent.pageToken) return `${this.options.publicBaseUrl}/sandbox-bank/${intent.pageToken}`;
    if (intent.alias) return `${this.options.publicBaseUrl}/sandbox-bank/qr/${intent.alias}`;
    return undefined;
  }
}
