/**
 * The port between the gateway and the Colombian payment rails (spec 4.5).
 * The sandbox's simulator implements it; a real adapter per rail (a bank
 * redirect aggregator, a wallet's push or OTP API, the interoperable QR
 * network) would implement the same. The gateway owns the intent's state and
 * events; the rail starts the payment at its side and later reports its
 * outcome (through AlternativePaymentService.finish / bankProcessing).
 */
import type { Executor } from '../../db/database.js';

/** A rail's id: a payment method of the rail family (payments/methods/registry.ts lists them). */
export type RailId = string;
/**
 * How the sandbox's rail decides by itself: approve, reject, fail or expire;
 * on the bank-redirect rail also `pending` (the bank answers pending first and
 * approves later) and `abandon` (the customer leaves the bank's page).
 */
export type RailOutcome = 'approve' | 'reject' | 'fail' | 'expire' | 'pending' | 'abandon';

export interface RailIntent {
  paymentId: string;
  organizationId: string;
  railId: RailId;
  /** Minor units of COP. */
  amount: number;
  phoneNumber?: string;
  bankId?: string;
}

/** What the rail gives back for the customer, stored with the intent. */
export interface RailStart {
  /** Bank redirect: the token of the page where the customer goes. */
  pageToken?: string;
  /** QR: the EMVCo merchant-presented payload and the payment's single-use reference (its page's address). */
  qrContent?: string;
  alias?: string;
  /** QR: the merchant's Bre-B key the payment goes to (`rail.alias`), when the merchant has an active one. */
  brebKey?: string;
  /** OTP wallet: the rail sent an OTP; the gateway keeps only its keyed hash, and when it lapses. */
  otpHash?: string;
  otpExpiresAt?: string;
  /** Cash: the payment reference the store takes (digits, unique: the database refuses a second). */
  reference?: string;
  /** Sandbox only: the rail decides by itself after RAIL_MOCK_DELAY_SECONDS (the mock and test data). */
  automaticOutcome?: RailOutcome;
}

/** Money paid back to the customer of a paid intent (a cashout). */
export interface RailDisbursement {
  cashoutId: string;
  paymentId: string;
  organizationId: string;
  railId: RailId;
  /** Minor units of COP. */
  amount: number;
  /** Paid to this Bre-B key (looked up before) instead of to the payment's payer. */
  brebKey?: string;
}

export type DisbursementResult = { outcome: 'succeeded' } | { outcome: 'failed'; reason: string };

export interface RailConnector {
  /**
   * Starts the payment at the rail, inside the transaction that records the
   * intent (a real adapter calls its rail before, and records what it
   * answered here).
   */
  initiate(trx: Executor, intent: RailIntent): Promise<RailStart>;
  /** OTP wallet: is this the OTP the customer received? */
  otpMatches(paymentId: string, otpHash: string | null, otp: string): boolean;
  /**
   * Pays a cashout to the customer, inside the transaction that records it (the
   * sandbox answers at once; a real adapter that calls out would take the
   * refunds' three steps: reserve, call, record).
   */
  disburse(trx: Executor, disbursement: RailDisbursement): Promise<DisbursementResult>;
  /** Where the customer goes for this intent, if anywhere: the page whose token, or the QR whose alias, the rail gave. */
  paymentLink(intent: { railId: RailId; pageToken: string | null; alias: string | null; reference?: string | null }): string | undefined;
}

/**
 * What the sandbox simulator can do at a rail, for a rail's definition
 * (`sandbox.initiate`) to compose the rail's start from: each method says
 * which of them its rail uses, and its own test data.
 */
export interface SimulatorTools {
  /** The rail mock is on: the amount's integer part ends in 00 (spec 4.5). */
  mock: boolean;
  /** A new token of a hosted bank page (`/sandbox-bank/<token>`). */
  bankPage(): string;
  /** The test bank's own outcome (the `banks` table's `sandbox_outcome`). */
  bankOutcome(bankId: string | undefined): Promise<RailOutcome | undefined>;
  /** Sends the customer an OTP by "SMS" (GET /v1/sandbox/sms; the mock's when `mock`): its keyed hash and when it lapses. */
  sendOtp(): Promise<Pick<RailStart, 'otpHash' | 'otpExpiresAt'>>;
  /**
   * A dynamic, single-use EMVCo merchant-presented QR for the intent's
   * amount: paid to the merchant's active Bre-B key when it has one (`brebKey`),
   * with a single-use reference (`alias`; its page: `/sandbox-bank/qr/<alias>`).
   */
  qr(): Promise<Pick<RailStart, 'alias' | 'qrContent' | 'brebKey'>>;
  /** A new payment reference: 12 digits, the last a Luhn check digit. */
  reference(): string;
}

/**
 * What a rail payment routed to a connector account carries to the remote
 * rail (routed-rails.ts): the intent, the customer's fields as the method
 * validated them, and what the processor asks beside them.
 */
export interface RemoteRailRequest extends RailIntent {
  currency: string;
  /** The method's customer fields (document, names, email, person type, ...), validated. */
  customer: Record<string, string>;
  description?: string;
  /** Where the processor sends the customer back (a bank redirect's `return_url`). */
  returnUrl?: string;
  /** The address the intent was created from (a processor's fraud check asks for it). */
  ipAddress?: string;
  /** When the intent lapses (a cash voucher's deadline). */
  expiresAt: string;
  /**
   * The processor's idempotency key of the start, derived from our payment id
   * alone: a retry after a timeout or a crash gets the processor's first payment again.
   */
  idempotencyKey: string;
}

/** What the processor answered to a start: its payment, and what the customer needs. */
export interface RemoteRailStart {
  /** The processor's own id of the payment (its dashboard's). */
  upstreamId: string;
  /** `pending`: waiting for the customer (the usual); `approved` or `rejected` at once. */
  status: 'pending' | 'approved' | 'rejected';
  /** Where the customer goes: the bank's page of a bank redirect, the printable voucher of a cash payment. */
  link?: string;
  /** Cash: the payment reference the store takes. */
  reference?: string;
  /** Cash: the digits of the voucher's barcode, when the processor gives them (rendered as Code 128). */
  barcode?: string;
}

/**
 * A rail served by a connector account that calls its processor over HTTP
 * (registry.ts `rail`). Unlike `RailConnector.initiate`, `start` runs outside
 * any transaction: the gateway records the payment first (with the account it
 * is routed to), then calls `start`, then records the answer; a crash between
 * the two is repaired by calling `start` again with the same idempotency key
 * (payments/apm/remote-rails.ts). `start` throws the connector client's
 * `ConnectorUnreachable` (the processor was never reached: the next account
 * may be tried) or `ConnectorOutcomeUnknown` (it may have started the
 * payment: ask again with the same key, never elsewhere).
 */
export interface RemoteRailConnector {
  start(request: RemoteRailRequest): Promise<RemoteRailStart>;
  /**
   * At the intent's expiry: cancels the processor's payment `upstreamId` so the
   * customer can no longer pay it (key derived from our payment id). `approved`
   * when the customer paid first (the cancel was refused and the processor
   * says so): the gateway approves instead of declining. Throws the client's
   * verdicts when the processor could not be asked (the expiry job runs again).
   */
  cancel(upstreamId: string, paymentId: string): Promise<'cancelled' | 'approved'>;
}

/** A rail as the sandbox simulator plays it: its method's definition says (payments/methods/<id>/). */
export interface SimulatedRail {
  initiate(intent: RailIntent, tools: SimulatorTools): Promise<RailStart> | RailStart;
}
