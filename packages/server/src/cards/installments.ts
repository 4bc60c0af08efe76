/**
 * Card installments ("cuotas"): a Colombian credit card payment is charged in
 * 1 to 36 monthly installments the cardholder chooses; a debit or prepaid
 * card pays in one. The BIN table's card type decides (cards/bins.ts); a card
 * of an unknown type may ask for installments, and its issuer decides.
 */
export const MIN_INSTALLMENTS = 1;
export const MAX_INSTALLMENTS = 36;

export interface InstallmentTerms {
  /** Whether the card may be charged in more than one installment. */
  allowed: boolean;
  min: number;
  /** The most installments the card takes: 36 when allowed, 1 otherwise. */
  max: number;
}

/** The installments a card of this type (`credit`, `debit`, `prepaid`, `unknown`) takes. */
export function installmentTerms(cardType: string): InstallmentTerms {
  const allowed = cardType !== 'debit' && cardType !== 'prepaid';
  return { allowed, min: MIN_INSTALLMENTS, max: allowed ? MAX_INSTALLMENTS : MIN_INSTALLMENTS };
}
