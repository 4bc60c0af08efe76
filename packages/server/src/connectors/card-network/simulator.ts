/**
 * The sandbox card network (docs/sandbox.md lists its test cards). It keeps a
 * ledger of what it did, by our reference, so retries are idempotent and a
 * crashed authorization can be looked up, like a real acquirer.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import type { AuthorizationResult, AuthorizeRequest, CardNetworkConnector, OperationRequest, OperationResult } from './connector.js';

type Behaviour = 'approve' | 'decline' | 'pending' | 'refunds_rejected' | 'chargeback';

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
  '4000000000000259': { behaviour: 'chargeback', responseCode: '00', description: 'approved; once captured, a chargeback is opened' },
  '4000000000003303': { behaviour: 'pending', responseCode: '00', description: 'PENDING, approved after PENDING_CARD_DELAY_SECONDS' },
};

interface AuthorizationRecord extends AuthorizationResult {
  behaviour: Behaviour;
}

function approvalCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
}

export class CardNetworkSimulator implements CardNetworkConnector {
  readonly available = true;

  constructor(private readonly db: Db) {}

  /** Records the result under the reference once; a retry gets the first result back. */
  private async once<T>(reference: string, kind: string, decide: () => T): Promise<T> {
    const result = decide();
    try {
      // Insert first: a first call (the common case) costs one statement.
      await this.db.insertInto('simulator_operations').values({ reference, kind, result: JSON.stringify(result), created_at: nowIso() }).execute();
      return result;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await this.read<T>(reference))!;
    }
  }

  private async read<T>(reference: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('simulator_operations').select('result').where('reference', '=', reference).executeTakeFirst();
    return row ? (JSON.parse(row.result) as T) : undefined;
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizationResult> {
    const card = TEST_CARDS[request.card.number.reveal()] ?? { behaviour: 'approve' as const, responseCode: '00', description: '' };
    const record = await this.once<AuthorizationRecord>(`auth:${request.reference}`, 'authorize', () => {
      // The network's id names our reference, so capture and refund find the authorization by key.
      const networkReference = `sim_${request.reference}`;
      if (card.behaviour === 'decline') return { outcome: 'declined', responseCode: card.responseCode, networkReference, behaviour: card.behaviour };
      if (card.behaviour === 'pending') return { outcome: 'pending', responseCode: '09', networkReference, behaviour: card.behaviour };
      return { outcome: 'approved', responseCode: '00', approvalCode: approvalCode(), networkReference, behaviour: card.behaviour };
    });
    return strip(record);
  }

  async lookup(reference: string): Promise<AuthorizationResult | undefined> {
    const record = await this.read<AuthorizationRecord>(`auth:${reference}`);
    if (!record) return undefined;
    // A pending authorization is decided when the gateway asks again, after its delay.
    if (record.outcome === 'pending') {
      const decided: AuthorizationRecord = { ...record, outcome: 'approved', responseCode: '00', approvalCode: approvalCode(), behaviour: 'approve' };
      await this.db.updateTable('simulator_operations').set({ result: JSON.stringify(decided) }).where('reference', '=', `auth:${reference}`).execute();
      return strip(decided);
    }
    return strip(record);
  }

  private async behaviourOf(networkReference: string): Promise<Behaviour> {
    return (await this.read<AuthorizationRecord>(`auth:${networkReference.replace(/^sim_/, '')}`))?.behaviour ?? 'approve';
  }

  async capture(request: OperationRequest): Promise<OperationResult> {
    const behaviour = await this.behaviourOf(request.networkReference);
    return this.once<OperationResult>(`capture:${request.reference}`, 'capture', () => ({
      outcome: 'succeeded',
      responseCode: '00',
      ...(behaviour === 'chargeback' ? { dispute: { reasonCode: '10.4', reason: 'Fraud: card-absent environment' } } : {}),
    }));
  }

  async void(request: OperationRequest): Promise<OperationResult> {
    return this.once<OperationResult>(`void:${request.reference}`, 'void', () => ({ outcome: 'succeeded', responseCode: '00' }));
  }

  async reverse(request: OperationRequest): Promise<OperationResult> {
    return this.once<OperationResult>(`reverse:${request.reference}`, 'reverse', () => ({ outcome: 'succeeded', responseCode: '00' }));
  }

  /** Approved, except for the declining test cards' authorizations (which hold nothing to adjust). */
  async adjust(request: OperationRequest): Promise<OperationResult> {
    const behaviour = await this.behaviourOf(request.networkReference);
    return this.once<OperationResult>(`adjust:${request.reference}`, 'adjust', () =>
      behaviour === 'decline' ? { outcome: 'rejected', responseCode: '12' } : { outcome: 'succeeded', responseCode: '00' },
    );
  }

  async refund(request: OperationRequest): Promise<OperationResult> {
    const behaviour = await this.behaviourOf(request.networkReference);
    return this.once<OperationResult>(`refund:${request.reference}`, 'refund', () =>
      behaviour === 'refunds_rejected' ? { outcome: 'rejected', responseCode: '57' } : { outcome: 'succeeded', responseCode: '00' },
    );
  }
}

function strip(record: AuthorizationRecord): AuthorizationResult {
  return {
    outcome: record.outcome,
    responseCode: record.responseCode,
    networkReference: record.networkReference,
    ...(record.approvalCode ? { approvalCode: record.approvalCode } : {}),
  };
}
