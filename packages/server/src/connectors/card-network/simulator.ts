/**
 * The sandbox card network (docs/sandbox.md lists its test cards). It keeps a
 * ledger of what it did, by our reference, so retries are idempotent and a
 * crashed authorization can be looked up, like a real acquirer.
 */
import { pooledRandomBytes } from '../../lib/ids.js';
import type { Db, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { preparedInsert } from '../../db/prepared.js';
import type { RealClock } from '../../clock/clock.js';
import type { SimulatorNotifier } from '../simulator-notifications.js';
import type {
  AuthorizationResult,
  AuthorizeRequest,
  CardNetworkConnector,
  DisputeDecision,
  DisputeRequest,
  OperationRequest,
  OperationResult,
  RefundLookup,
} from './connector.js';
import { INSTALLMENTS_DECLINED_CODE } from './connector.js';

type Behaviour =
  | 'approve'
  | 'decline'
  | 'pending'
  | 'refunds_rejected'
  | 'refunds_fail_later'
  | 'chargeback'
  | 'captures_rejected'
  | 'voids_rejected'
  | 'reversals_rejected'
  | 'adjustments_rejected'
  | 'installments_declined';

/** The code of an operation the network refuses on an authorization it approved: `12`, invalid transaction (a refund: `57`). */
export const REFUSED_OPERATION_CODE = '12';

/**
 * The code of a refund that succeeded and failed afterwards (the refunds-fail-later card): `54`, expired
 * card, as Stripe's `expired_or_canceled_card` (the issuer sent the money back from a closed card).
 */
export const REFUND_FAILED_LATER_CODE = '54';

interface TestCard {
  behaviour: Behaviour;
  responseCode: string;
  description: string;
}

/** The documented test cards. Any other valid number is approved. */
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { behaviour: 'approve', responseCode: '00', description: 'Visa, approved' },
  '5555555555554444': { behaviour: 'approve', responseCode: '00', description: 'Mastercard, approved' },
  '378282246310005': { behaviour: 'approve', responseCode: '00', description: 'American Express (4-digit CVV), approved' },
  '4000056655665556': { behaviour: 'approve', responseCode: '00', description: 'Visa debit, approved' },
  '4000000000000002': { behaviour: 'decline', responseCode: '05', description: 'declined: generic decline' },
  '4000000000009995': { behaviour: 'decline', responseCode: '51', description: 'declined: insufficient funds' },
  '4100000000000019': { behaviour: 'decline', responseCode: '59', description: 'declined: suspected fraud' },
  '4000000000000069': { behaviour: 'decline', responseCode: '54', description: 'declined: expired card' },
  '4000000000000119': { behaviour: 'decline', responseCode: '96', description: 'declined: processing error' },
  '4000000000005126': { behaviour: 'refunds_rejected', responseCode: '00', description: 'Visa debit, approved; every refund is rejected' },
  // Stripe's 4000000000005126 does this; ours is the specification's card whose refunds are rejected at once.
  '4000000000005134': {
    behaviour: 'refunds_fail_later',
    responseCode: '00',
    description: 'approved; every refund succeeds, and is failed (code 54) when the gateway reads it again (its later look, refund.confirm)',
  },
  '4000000000000259': { behaviour: 'chargeback', responseCode: '00', description: 'approved; once captured, a chargeback is opened' },
  '4000000000003303': { behaviour: 'pending', responseCode: '00', description: 'PENDING, approved after PENDING_CARD_DELAY_SECONDS' },
  // Approved, then one operation on the authorization is refused (code 12), as real acquirers do:
  // every refusal branch of the gateway can be tried (docs/sandbox.md, "Test cards").
  '4000000000000341': { behaviour: 'captures_rejected', responseCode: '00', description: 'approved; every capture is rejected' },
  '4000000000000127': { behaviour: 'voids_rejected', responseCode: '00', description: 'approved; every cancellation (void) is rejected' },
  '4000000000000101': { behaviour: 'reversals_rejected', responseCode: '00', description: 'approved; every reversal is rejected' },
  '4000000000000622': { behaviour: 'adjustments_rejected', responseCode: '00', description: 'approved; every adjustment is rejected' },
  // A credit card whose issuer takes no installments on it: approved in one payment, declined in 2 or more.
  '4000000000000358': {
    behaviour: 'installments_declined',
    responseCode: INSTALLMENTS_DECLINED_CODE,
    description: 'credit; approved in one payment, declined with 58 in 2 or more installments (not allowed by the issuer)',
  },
};

interface AuthorizationRecord extends AuthorizationResult {
  behaviour: Behaviour;
}

/** Six characters, as a network's approval code, from the pooled random bytes: a `randomBytes` call per payment cost 1.5% of its main thread. */
function approvalCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return [...pooledRandomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
}

const insertOperation = preparedInsert('simulator_operations');
/**
 * The authorization answered inside the payment's insert transaction: its
 * reference is the new payment's id, so there is no earlier record to find,
 * and the insert may go with the transaction's others (db/postgres-client.ts).
 */
const insertOperationWithin = preparedInsert('simulator_operations', { deferrable: true });

export class CardNetworkSimulator implements CardNetworkConnector {
  readonly available = true;

  /**
   * The simulator's ledger is a table of this database, so by default it
   * answers inside the payment's transaction. `remote: true` leaves that out:
   * the gateway then takes the path of a real acquirer (record the intent,
   * call, record the answer, recover after a crash).
   */
  readonly authorizeWithin?: (db: Executor, request: AuthorizeRequest) => Promise<AuthorizationResult>;

  private readonly notifier: SimulatorNotifier | undefined;
  private readonly chargebackResponseSeconds: number | undefined;

  /**
   * `notifier`: where its notifications go (the gateway's inbound path); without
   * one (a test's bare simulator) the chargeback card opens no dispute.
   */
  constructor(
    private readonly db: Db,
    private readonly clock: RealClock,
    options: { remote?: boolean; notifier?: SimulatorNotifier; chargebackResponseSeconds?: number } = {},
  ) {
    this.notifier = options.notifier;
    this.chargebackResponseSeconds = options.chargebackResponseSeconds;
    if (!options.remote) {
      this.authorizeWithin = async (trx, request) => {
        const record = this.decideAuthorization(request);
        await insertOperationWithin(trx, {
          reference: `auth:${request.reference}`,
          kind: 'authorize',
          result: JSON.stringify(record),
          created_at: this.clock.realIso(),
        });
        return strip(record);
      };
    }
  }

  /** Records the result under the reference once; a retry gets the first result back. */
  private async once<T>(reference: string, kind: string, decide: () => T, db: Executor = this.db): Promise<T> {
    const result = decide();
    try {
      // Insert first: a first call (the common case) costs one statement.
      await insertOperation(db, { reference, kind, result: JSON.stringify(result), created_at: this.clock.realIso() });
      return result;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await this.read<T>(reference, db))!;
    }
  }

  private async read<T>(reference: string, db: Executor = this.db): Promise<T | undefined> {
    const row = await db.selectFrom('simulator_operations').select('result').where('reference', '=', reference).executeTakeFirst();
    return row ? (JSON.parse(row.result) as T) : undefined;
  }

  authorize(request: AuthorizeRequest): Promise<AuthorizationResult> {
    return this.authorizeOn(this.db, request);
  }

  private async authorizeOn(db: Executor, request: AuthorizeRequest): Promise<AuthorizationResult> {
    return strip(await this.once<AuthorizationRecord>(`auth:${request.reference}`, 'authorize', () => this.decideAuthorization(request), db));
  }

  /** What the test card makes of an authorization. */
  private decideAuthorization(request: AuthorizeRequest): AuthorizationRecord {
    const card = TEST_CARDS[request.card.number.reveal()] ?? { behaviour: 'approve' as const, responseCode: '00', description: '' };
    // The network's id names our reference, so capture and refund find the authorization by key.
    const networkReference = `sim_${request.reference}`;
    if (card.behaviour === 'decline') return { outcome: 'declined', responseCode: card.responseCode, networkReference, behaviour: card.behaviour };
    if (card.behaviour === 'pending') return { outcome: 'pending', responseCode: '09', networkReference, behaviour: card.behaviour };
    if (card.behaviour === 'installments_declined' && (request.installments ?? 1) > 1)
      return { outcome: 'declined', responseCode: card.responseCode, networkReference, behaviour: card.behaviour };
    return { outcome: 'approved', responseCode: '00', approvalCode: approvalCode(), networkReference, behaviour: card.behaviour };
  }

  async lookup(reference: string): Promise<AuthorizationResult | undefined> {
    const record = await this.read<AuthorizationRecord>(`auth:${reference}`);
    if (!record) return undefined;
    // A pending authorization is decided when the gateway asks again, after its delay.
    if (record.outcome === 'pending') {
      const decided: AuthorizationRecord = { ...record, outcome: 'approved', responseCode: '00', approvalCode: approvalCode(), behaviour: 'approve' };
      await this.db
        .updateTable('simulator_operations')
        .set({ result: JSON.stringify(decided) })
        .where('reference', '=', `auth:${reference}`)
        .execute();
      return strip(decided);
    }
    return strip(record);
  }

  private async behaviourOf(networkReference: string): Promise<Behaviour> {
    return (await this.read<AuthorizationRecord>(`auth:${networkReference.replace(/^sim_/, '')}`))?.behaviour ?? 'approve';
  }

  /**
   * The chargeback card's capture succeeds, and the issuer disputes it at once:
   * the simulator notifies the gateway (`dispute.opened`) before it answers,
   * as a network may tell of a dispute before the capture's answer is
   * recorded; the gateway keeps it until the capture is (notifications.ts).
   * A retried capture sends it again under the same id: a replay.
   */
  async capture(request: OperationRequest): Promise<OperationResult> {
    const behaviour = await this.behaviourOf(request.networkReference);
    const result = await this.once<OperationResult>(`capture:${request.reference}`, 'capture', () =>
      behaviour === 'captures_rejected' ? refusedOperation : succeededOperation,
    );
    if (behaviour === 'chargeback' && result.outcome === 'succeeded' && this.notifier) {
      await this.notifier.send(`sim_dispute_${request.networkReference}`, {
        kind: 'dispute.opened',
        payment: { reference: request.networkReference.replace(/^sim_/, ''), network_reference: request.networkReference },
        amount: request.amount,
        currency: request.currency,
        reason_code: '10.4',
        reason: 'Fraud: card-absent environment',
        ...(this.chargebackResponseSeconds ? { respond_within_seconds: this.chargebackResponseSeconds } : {}),
      });
    }
    return result;
  }

  async void(request: OperationRequest): Promise<OperationResult> {
    const behaviour = await this.behaviourOf(request.networkReference);
    return this.once<OperationResult>(`void:${request.reference}`, 'void', () => (behaviour === 'voids_rejected' ? refusedOperation : succeededOperation));
  }

  async reverse(request: OperationRequest): Promise<OperationResult> {
    const behaviour = await this.behaviourOf(request.networkReference);
    return this.once<OperationResult>(`reverse:${request.reference}`, 'reverse', () =>
      behaviour === 'reversals_rejected' ? refusedOperation : succeededOperation,
    );
  }

  /** Approved, except for the declining test cards' authorizations (which hold nothing to adjust) and the card whose adjustments are refused. */
  async adjust(request: OperationRequest): Promise<OperationResult> {
    const behaviour = await this.behaviourOf(request.networkReference);
    return this.once<OperationResult>(`adjust:${request.reference}`, 'adjust', () =>
      behaviour === 'decline' || behaviour === 'adjustments_rejected' ? refusedOperation : succeededOperation,
    );
  }

  /**
   * Every refund answers with the network's id of it, `sim_<our refund id>`, as a processor's
   * refund has one (Stripe's `re_...`): the gateway keeps it, and reads the refund by it later (`refundOf`).
   */
  async refund(request: OperationRequest): Promise<OperationResult> {
    const behaviour = await this.behaviourOf(request.networkReference);
    const networkReference = `sim_${request.reference}`;
    return this.once<OperationResult>(`refund:${request.reference}`, 'refund', () =>
      behaviour === 'refunds_rejected'
        ? { outcome: 'rejected', responseCode: '57', networkReference }
        : { outcome: 'succeeded', responseCode: '00', networkReference },
    );
  }

  /**
   * A refund's current outcome, by the network's id of it: the gateway's later looks at a
   * SUCCEEDED refund ask it (payments/refunds/confirm.ts). Its answer as it was recorded, except
   * that a succeeded refund of the refunds-fail-later card has failed since (code 54): the card's
   * behaviour is its payment's authorization's, in the ledger, so a process started again answers
   * the same. Throws for an id it never gave (a refund from before refunds had one has none to ask by).
   */
  async refundOf(request: RefundLookup): Promise<OperationResult> {
    const reference = request.refundReference.replace(/^sim_/, '');
    const recorded = await this.read<OperationResult>(`refund:${reference}`);
    if (!recorded) throw new Error(`the simulator has no refund ${request.refundReference}`);
    const networkReference = request.refundReference;
    if (recorded.outcome === 'succeeded' && (await this.behaviourOf(request.networkReference)) === 'refunds_fail_later')
      return { outcome: 'rejected', responseCode: REFUND_FAILED_LATER_CODE, networkReference };
    return { outcome: recorded.outcome, responseCode: recorded.responseCode, networkReference };
  }

  /**
   * The sandbox issuer decides when the gateway's decision job asks, and tells
   * the gateway by a `dispute.decided` notification first, as a network that
   * notifies its decisions does; the job then finds the chargeback decided.
   */
  async decideDispute(request: DisputeRequest): Promise<DisputeDecision> {
    const decision = await this.once<DisputeDecision>(`dispute:${request.reference}`, 'dispute', () => decideSandboxDispute(request.evidence));
    if (this.notifier) {
      await this.notifier.send(`sim_decision_${request.reference}`, {
        kind: 'dispute.decided',
        payment: { reference: request.networkReference.replace(/^sim_/, ''), network_reference: request.networkReference },
        outcome: decision.outcome,
        reason: decision.reason,
      });
    }
    return decision;
  }
}

const succeededOperation: OperationResult = { outcome: 'succeeded', responseCode: '00' };
const refusedOperation: OperationResult = { outcome: 'rejected', responseCode: REFUSED_OPERATION_CODE };

/** Evidence words that decide a sandbox dispute (docs/sandbox.md, Chargebacks). */
export const DISPUTE_KEYWORDS = { win: 'winning_evidence', lose: 'losing_evidence' } as const;

/**
 * The sandbox issuer reads the evidence text and the text attachments:
 * `losing_evidence` loses (it wins over the other word), `winning_evidence`
 * wins; with neither, documents win (at least one attachment) and a bare
 * statement loses.
 */
export function decideSandboxDispute(evidence: DisputeRequest['evidence']): DisputeDecision {
  const texts = [evidence.text, ...evidence.attachments.filter((a) => a.contentType.startsWith('text/plain')).map((a) => a.content.toString('utf8'))].map((t) =>
    t.toLowerCase(),
  );
  if (texts.some((t) => t.includes(DISPUTE_KEYWORDS.lose)))
    return { outcome: 'lost', reason: 'The issuer found the evidence insufficient (sandbox: losing_evidence).' };
  if (texts.some((t) => t.includes(DISPUTE_KEYWORDS.win))) return { outcome: 'won', reason: 'The issuer accepted the evidence (sandbox: winning_evidence).' };
  if (evidence.attachments.length > 0) return { outcome: 'won', reason: 'The issuer accepted the documents submitted.' };
  return { outcome: 'lost', reason: 'A statement without documents did not overturn the chargeback.' };
}

function strip(record: AuthorizationRecord): AuthorizationResult {
  return {
    outcome: record.outcome,
    responseCode: record.responseCode,
    networkReference: record.networkReference,
    ...(record.approvalCode ? { approvalCode: record.approvalCode } : {}),
  };
}
