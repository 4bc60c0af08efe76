/**
 * The payment methods the gateway takes, each registered once with its
 * definition (docs/architecture.md "Add a payment method"): its id, its
 * family (card or rail), what it adds to the intent's request, its field
 * rules, what it asks of the rail connector, its fragment of the hosted
 * checkout, its texts in Spanish and English, its sandbox test data and its
 * dashboard label. Everything that lists methods reads a `MethodRegistry`:
 * the intent, list and event schemas of /openapi.json, the validity settings,
 * the hosted checkout, the sandbox simulator. One folder per method under
 * payments/methods/<id>/ exports its definition; list.ts lists the built-in
 * ones; GatewayOptions.methods adds more.
 */
import type { TSchema } from 'typebox';
import type { SimulatedRail } from '../../connectors/rails/connector.js';
import type { ErrorDetail } from '../../errors/api-error.js';
import type { RuleBook } from './rules.js';

export type MethodFamily = 'card' | 'rail';

/** What the shopper reads about a method, in one language. */
export interface MethodTexts {
  /** Its name: the hosted checkout's choice and the receipt's "paid with". */
  label: string;
  /** The waiting page, while the shopper still has to act (the QR again, the wallet, the bank). */
  waitingLead?: string;
  /** Why a declined payment of this method was declined. */
  declinedReason?: string;
}

/** The request body of an intent, as the method's rules read it. */
export interface IntentRequest {
  rail_type: string;
  return_url?: string | undefined;
  customer?: Record<string, string | undefined> | undefined;
}

/** What a method's rules keep from the request, besides the errors they report. */
export interface ValidatedCustomer {
  /** The customer's mobile, normalized (10 digits). */
  phoneNumber?: string;
  /** The bank chosen from GET /api/banks. */
  bankId?: string;
}

/** One input of the method's fragment of the hosted checkout: a `customer` field. */
export interface CheckoutField {
  /** The `customer.<name>` it fills. */
  name: string;
  /**
   * Its label when the checkout has none of its own (the checkout knows the
   * fields of the built-in methods: bank, document, names, e-mail, phone).
   */
  label?: { es: string; en: string };
}

export interface PaymentMethodDefinition {
  /** Stable, as the API writes it (`rail_id`, `rail.id`; `card` for cards). */
  id: string;
  family: MethodFamily;
  /** Rails: the `rail_type` an intent must name with it (BANK_TRANSFER, WALLET, ...). */
  railType?: string;
  /** Rails: the `customer` fields it reads (TypeBox), merged into the intent's request schema. */
  customer?: Record<string, TSchema>;
  /** Rails: its field rules (spec 4.5), pushing one error per problem, each naming its field. */
  validate?(request: IntentRequest, rules: RuleBook, errors: ErrorDetail[]): ValidatedCustomer;
  /**
   * Rails: what it asks of the rail connector besides initiate and disburse.
   * `confirm: 'otp'`: POST /v1/payments/intents/{id}/confirm takes an OTP the
   * rail sent (the sandbox's mock customer types it).
   */
  connector?: { confirm?: 'otp' };
  /**
   * Rails: how long an intent waits, and the setting that changes it (1 to
   * 2592000 seconds, config/); with `perRequest`, an intent may choose its own
   * (`expires_in`, within those bounds).
   */
  validity?: { setting: string; defaultSeconds: number; perRequest?: { minSeconds: number; maxSeconds: number } };
  /** Rails: the amounts it takes, in minor units, and whether only whole units (no cents). */
  amount?: { min: number; max: number; wholeUnits?: boolean };
  /**
   * Rails: the sandbox simulator's side (connectors/rails/simulator.ts): what
   * it starts at the rail (its test data: which customers decide by
   * themselves), and how the sandbox plays the customer.
   */
  sandbox?: SimulatedRail & {
    /** How the mock customer approves: types the OTP, approves on the bank's page, or the rail decides at once. */
    customer?: 'otp' | 'bank-page';
    /** Its test data in a sentence (docs/sandbox.md). */
    testData: string;
  };
  /**
   * Rails: its fragment of the hosted checkout: its inputs, and what the
   * page does once the intent exists (go to `rail.payment_link`, show
   * `rail.qr`, ask for the OTP, wait for the wallet's approval, or show the
   * cash voucher `rail.cash`).
   */
  checkout?: { fields: readonly CheckoutField[]; then: 'redirect' | 'qr' | 'otp' | 'approve' | 'voucher' };
  texts: { es: MethodTexts; en: MethodTexts };
  /** The dashboard's name of it, in both languages. */
  dashboardLabel: { es: string; en: string };
}

/** The definitions of this gateway, in the order the API lists them (built-in first, then GatewayOptions.methods). */
export class MethodRegistry {
  private readonly definitions = new Map<string, PaymentMethodDefinition>();

  constructor(definitions: readonly PaymentMethodDefinition[] = []) {
    for (const definition of definitions) this.register(definition);
  }

  register(definition: PaymentMethodDefinition): this {
    if (!/^[A-Za-z][A-Za-z0-9_]{1,31}$/.test(definition.id)) throw new Error(`payment method id ${JSON.stringify(definition.id)} must be letters, digits or _`);
    if (this.definitions.has(definition.id)) throw new Error(`payment method ${definition.id} is registered twice`);
    if (definition.family === 'rail') {
      const missing = (['railType', 'validate', 'validity', 'checkout'] as const).filter((key) => definition[key] === undefined);
      if (missing.length > 0) throw new Error(`rail ${definition.id} has no ${missing.join(', ')}`);
    }
    this.definitions.set(definition.id, definition);
    return this;
  }

  get(id: string): PaymentMethodDefinition | undefined {
    return this.definitions.get(id);
  }

  /** A rail by id, or undefined (a card or an unknown id). */
  rail(id: string): PaymentMethodDefinition | undefined {
    const definition = this.definitions.get(id);
    return definition?.family === 'rail' ? definition : undefined;
  }

  list(): PaymentMethodDefinition[] {
    return [...this.definitions.values()];
  }

  rails(): PaymentMethodDefinition[] {
    return this.list().filter((m) => m.family === 'rail');
  }

  /** The rails' ids: the `rail_id` enum. */
  railIds(): string[] {
    return this.rails().map((m) => m.id);
  }

  /** The rail types, each once, in the rails' order: the `rail_type` enum. */
  railTypes(): string[] {
    return [...new Set(this.rails().map((m) => m.railType!))];
  }

  /** The rails' ids as prose: `A, B, C or D`. */
  railList(conjunction = 'or'): string {
    const ids = this.railIds();
    return ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} ${conjunction} ${ids.at(-1)}`;
  }
}
