/**
 * The fee of a chargeback (docs/sandbox.md "Fees"): a dispute fee, as a
 * merchant knows it from Stripe (a fixed amount per chargeback) or from the
 * acquirers (a fixed amount, or a share of the disputed amount). The best
 * active `chargeback` rule that matches the disputed payment (the same
 * criteria, priority and specificity as a capture's fees, apply.ts) sets it:
 *   round_half_up(disputed × percentage_bps / 10000) + fixed_amount
 * in integer minor units. chargebacks/inbound.ts computes it once, as the
 * chargeback opens, and keeps it on the chargeback; the ledger posts it as a
 * `chargeback_fee` entry (ledger/reactions.ts). A won chargeback keeps it.
 */
import { lookupBin } from '../cards/bins.js';
import type { Executor } from '../db/database.js';
import { percentageOf, selectRules, type FeeSubject } from './apply.js';

export interface ChargebackFeeSubject {
  organizationId: string;
  paymentId: string;
  currency: string;
  /** The disputed amount, minor units. */
  disputed: number;
}

/** The fee and the rule that set it, or null when no active `chargeback` rule matches. */
export async function chargebackFee(trx: Executor, subject: ChargebackFeeSubject): Promise<{ amount: number; ruleId: string } | null> {
  const rules = await trx
    .selectFrom('fee_rules')
    .selectAll()
    .where('organization_id', '=', subject.organizationId)
    .where('active', '=', 1)
    .where('type', '=', 'chargeback')
    .execute();
  if (rules.length === 0) return null;
  const payment = await trx
    .selectFrom('payments')
    .select(['instrument_id', 'merchant_id'])
    .where('id', '=', subject.paymentId)
    .where('organization_id', '=', subject.organizationId)
    .executeTakeFirst();
  if (!payment) return null;
  const instrument = payment.instrument_id
    ? await trx.selectFrom('instruments').select(['brand', 'bin']).where('id', '=', payment.instrument_id).executeTakeFirst()
    : undefined;
  const feeSubject: FeeSubject = {
    organizationId: subject.organizationId,
    currency: subject.currency,
    // A payment without a card (none opens a chargeback today) matches only rules that name no brand or card type.
    brand: instrument?.brand ?? '',
    cardType: instrument ? (await lookupBin(trx, instrument.bin)).card_type : '',
    merchantId: payment.merchant_id ?? null,
  };
  const [rule] = selectRules(rules, feeSubject, ['chargeback']);
  if (!rule) return null;
  return { amount: percentageOf(subject.disputed, Number(rule.percentage_bps)) + Number(rule.fixed_amount), ruleId: rule.id };
}
