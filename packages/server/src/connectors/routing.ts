/**
 * Routing per organization: an ordered list of rules, each matching on the
 * method family, the rail method, currency, card brand, BIN range and amount range, and
 * naming an ordered list of the organization's connector accounts. A
 * payment goes to the accounts of the first rule it matches; when none
 * matches (or the organization has no rules), to its enabled accounts that
 * serve the family, oldest first; when it has none, to the deployment's
 * default (CONNECTORS). The next account of the list is tried only when the
 * previous one never reached its processor (routed-card-network.ts).
 *
 * The rules and the account list are cached per organization for
 * ROUTING_CACHE_MS and dropped at once by this process's writes, so a payment
 * of an organization with nothing configured costs no database read beyond
 * one refresh per organization every ROUTING_CACHE_MS. Other processes see a
 * change within that time.
 */
import { Type, type Static } from 'typebox';
import type { SandboxClock } from '../clock/clock.js';
import type { Db } from '../db/database.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { amountProblemMessage, formatMinor, MoneyInput, toMinorUnits } from '../lib/money.js';
import type { AccountSummary, ConnectorAccounts } from './accounts.js';
import type { MethodFamily } from './registry.js';

export const ROUTING_CACHE_MS = 5_000;
const CACHE_MAX = 10_000;

const BinRange = Type.Object(
  {
    from: Type.String({ pattern: '^[0-9]{6,8}$', description: 'The first BIN of the range (6 to 8 digits).' }),
    to: Type.String({ pattern: '^[0-9]{6,8}$', description: 'The last BIN of the range, as many digits as `from`.' }),
  },
  { additionalProperties: false },
);

export const RoutingRuleInput = Type.Object(
  {
    method_family: Type.Optional(Type.Union([Type.Literal('card'), Type.Literal('rail')], { description: 'Omitted: any.' })),
    methods: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Z][A-Z0-9_]{1,39}$' }), {
        minItems: 1,
        maxItems: 20,
        description:
          'Rail payment methods (`BANK_REDIRECT`, `CASH`, ...), the `rail_id` of an intent. Omitted: any. A card payment never matches a rule that names some; every account of the rule must serve each method named.',
      }),
    ),
    currencies: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 3 }), { minItems: 1, maxItems: 20, description: 'ISO 4217. Omitted: any.' })),
    card_brands: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 20 }), {
        minItems: 1,
        maxItems: 10,
        description: '`visa`, `mastercard`, `amex`, ... Omitted: any (a rail payment has no brand and never matches a rule that names some).',
      }),
    ),
    bin_ranges: Type.Optional(
      Type.Array(BinRange, { minItems: 1, maxItems: 50, description: "The card number's first digits within one of these ranges. Omitted: any." }),
    ),
    min_amount: Type.Optional(MoneyInput({ description: 'Inclusive; needs exactly one of `currencies`.' })),
    max_amount: Type.Optional(MoneyInput({ description: 'Inclusive; needs exactly one of `currencies`.' })),
    connector_accounts: Type.Array(Type.String({ maxLength: 40 }), {
      minItems: 1,
      maxItems: 10,
      description: 'Tried in this order; the next only when the previous never reached its processor.',
    }),
  },
  { additionalProperties: false },
);
export const RoutingInput = Type.Object({ rules: Type.Array(RoutingRuleInput, { maxItems: 100 }) }, { additionalProperties: false });
export type RoutingInputBody = Static<typeof RoutingInput>;
type RuleView = Static<typeof RoutingRuleInput>;

interface Rule {
  method_family?: MethodFamily;
  methods?: string[];
  currencies?: string[];
  card_brands?: string[];
  bin_ranges?: Array<{ from: string; to: string }>;
  min_minor?: number;
  max_minor?: number;
  connector_accounts: string[];
}

export interface RouteFacts {
  family: MethodFamily;
  /** A rail payment's method (its `rail_id`). */
  method?: string;
  currency: string;
  /** Minor units. */
  amount: number;
  brand?: string;
  /** The card number's first 8 digits. */
  bin?: string;
}

/** Who served a payment (its `processor` in the API). */
export interface ServedBy {
  connector: string;
  connector_account_id: string | null;
  reference: string | null;
}

interface Cached {
  rules: Rule[];
  accounts: AccountSummary[];
  updatedAt: string | null;
  at: number;
}

export class Router {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly db: Db,
    private readonly accounts: ConnectorAccounts,
    private readonly clock: SandboxClock,
  ) {
    accounts.onChange = (organizationId) => this.cache.delete(organizationId);
  }

  private async load(organizationId: string): Promise<Cached> {
    const hit = this.cache.get(organizationId);
    const now = this.clock.realNow();
    if (hit && now - hit.at < ROUTING_CACHE_MS) return hit;
    const [row, accounts] = await Promise.all([
      this.db.selectFrom('connector_routing').select(['rules', 'updated_at']).where('organization_id', '=', organizationId).executeTakeFirst(),
      this.accounts.summaries(organizationId),
    ]);
    const cached: Cached = { rules: row ? (JSON.parse(row.rules) as Rule[]) : [], accounts, updatedAt: row?.updated_at ?? null, at: now };
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(organizationId, cached);
    return cached;
  }

  /**
   * Who served a payment, from its network reference: an account's reference key before the
   * processor's id (`<key>:<id>`), or the deployment's default `defaultConnector` unprefixed.
   * Cached like the rules; an account of another organization is never named. The default
   * connector is answered at once, without a promise (GET /v1/payments/{id} names it on every
   * read of a sandbox's payment).
   */
  processorOf(organizationId: string, networkReference: string, defaultConnector: string): ServedBy | Promise<ServedBy> {
    const match = /^(ca[0-9a-z]{8}):(.*)$/s.exec(networkReference);
    if (!match) return { connector: defaultConnector, connector_account_id: null, reference: networkReference || null };
    return this.accountProcessor(organizationId, match[1]!, match[2]!);
  }

  private async accountProcessor(organizationId: string, referenceKey: string, reference: string): Promise<ServedBy> {
    const { accounts } = await this.load(organizationId);
    // A deleted account is not in the cache (routing never uses it), but it served the payment.
    const account = accounts.find((a) => a.referenceKey === referenceKey) ?? (await this.deletedAccount(organizationId, referenceKey));
    return { connector: account?.connector ?? 'unknown', connector_account_id: account?.id ?? null, reference: reference || null };
  }

  private async deletedAccount(organizationId: string, referenceKey: string): Promise<{ id: string; connector: string } | undefined> {
    const account = await this.accounts.byReferenceKey(referenceKey);
    return account?.organizationId === organizationId ? account : undefined;
  }

  /** Whether an enabled account of the organization serves `family` (and the rail `method`), cached like the rules. */
  async serves(organizationId: string, family: RouteFacts['family'], method?: string): Promise<boolean> {
    const { accounts } = await this.load(organizationId);
    return accounts.some((a) => a.status === 'enabled' && a.families.includes(family) && (method === undefined || a.rails.includes(method)));
  }

  /**
   * The accounts to try, in order: those of the first matching rule that has an enabled one; else
   * (no rule matching, or every matching rule's accounts disabled) the organization's enabled
   * accounts serving the family; empty: the deployment's default.
   */
  async route(organizationId: string, facts: RouteFacts): Promise<AccountSummary[]> {
    const { rules, accounts } = await this.load(organizationId);
    if (accounts.length === 0) return [];
    const usable = (a: AccountSummary | undefined): a is AccountSummary =>
      !!a && a.status === 'enabled' && a.families.includes(facts.family) && (facts.method === undefined || a.rails.includes(facts.method));
    for (const rule of rules) {
      if (!matches(rule, facts)) continue;
      const ruled = rule.connector_accounts.map((id) => accounts.find((a) => a.id === id)).filter(usable);
      if (ruled.length > 0) return ruled;
    }
    return accounts.filter(usable);
  }

  async get(organizationId: string): Promise<{ rules: RuleView[]; updated_at: string | null }> {
    this.cache.delete(organizationId);
    const { rules, updatedAt } = await this.load(organizationId);
    return { rules: rules.map(present), updated_at: updatedAt };
  }

  /** Replaces the organization's rules (422 naming each problem: an unknown account, an account of another family, an amount without one currency). */
  async put(organizationId: string, input: RoutingInputBody): Promise<{ rules: RuleView[]; updated_at: string }> {
    const accounts = await this.accounts.summaries(organizationId);
    const problems: ErrorDetail[] = [];
    const rules: Rule[] = input.rules.map((r, i) => {
      const at = `rules[${i}]`;
      const rule: Rule = { connector_accounts: r.connector_accounts };
      if (r.method_family) rule.method_family = r.method_family;
      if (r.methods) {
        rule.methods = r.methods;
        if (r.method_family === 'card') problems.push({ field: `${at}.methods`, message: 'names rail methods: a card rule matches no rail method' });
      }
      if (r.currencies) rule.currencies = r.currencies.map((c) => c.toUpperCase());
      if (r.card_brands) rule.card_brands = r.card_brands.map((b) => b.toLowerCase());
      if (r.bin_ranges) {
        rule.bin_ranges = r.bin_ranges;
        r.bin_ranges.forEach((b, j) => {
          if (b.from.length !== b.to.length || b.from > b.to)
            problems.push({ field: `${at}.bin_ranges[${j}]`, message: '`from` and `to` must have as many digits, `from` not after `to`' });
        });
      }
      for (const [name, key] of [
        ['min_amount', 'min_minor'],
        ['max_amount', 'max_minor'],
      ] as const) {
        const amount = r[name];
        if (amount === undefined) continue;
        if (rule.currencies?.length !== 1) {
          problems.push({ field: `${at}.${name}`, message: 'an amount needs exactly one currency in `currencies`' });
          continue;
        }
        const converted = toMinorUnits(amount, rule.currencies[0]!);
        if ('problem' in converted) problems.push({ field: `${at}.${name}`, message: amountProblemMessage(converted.problem, rule.currencies[0]!) });
        else rule[key] = converted.minor;
      }
      r.connector_accounts.forEach((id, j) => {
        const account = accounts.find((a) => a.id === id);
        if (!account) problems.push({ field: `${at}.connector_accounts[${j}]`, message: `no connector account ${id} in this organization` });
        else if (rule.method_family && !account.families.includes(rule.method_family))
          problems.push({ field: `${at}.connector_accounts[${j}]`, message: `${id} (${account.connector}) does not serve ${rule.method_family}` });
        else {
          const missing = rule.methods?.filter((m) => !account.rails.includes(m)) ?? [];
          if (missing.length)
            problems.push({ field: `${at}.connector_accounts[${j}]`, message: `${id} (${account.connector}) does not serve ${missing.join(', ')}` });
        }
      });
      return rule;
    });
    if (problems.length) throw ApiError.validation(problems, 'The routing rules are invalid.');
    const updatedAt = this.clock.realIso();
    const text = JSON.stringify(rules);
    await this.db
      .insertInto('connector_routing')
      .values({ organization_id: organizationId, rules: text, updated_at: updatedAt })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ rules: text, updated_at: updatedAt }))
      .execute();
    this.cache.delete(organizationId);
    return { rules: rules.map(present), updated_at: updatedAt };
  }
}

function matches(rule: Rule, facts: RouteFacts): boolean {
  if (rule.method_family && rule.method_family !== facts.family) return false;
  if (rule.methods && (!facts.method || !rule.methods.includes(facts.method))) return false;
  if (rule.currencies && !rule.currencies.includes(facts.currency)) return false;
  if (rule.card_brands && (!facts.brand || !rule.card_brands.includes(facts.brand))) return false;
  if (rule.bin_ranges) {
    const bin = facts.bin;
    if (!bin || !rule.bin_ranges.some((r) => bin.length >= r.from.length && bin.slice(0, r.from.length) >= r.from && bin.slice(0, r.to.length) <= r.to))
      return false;
  }
  if (rule.min_minor !== undefined && facts.amount < rule.min_minor) return false;
  if (rule.max_minor !== undefined && facts.amount > rule.max_minor) return false;
  return true;
}

/** A stored rule as the API shows it (amounts back in major units, as strings). */
function present(rule: Rule): RuleView {
  const { min_minor, max_minor, ...rest } = rule;
  const currency = rule.currencies?.[0] ?? '';
  return {
    ...rest,
    ...(min_minor !== undefined ? { min_amount: formatMinor(min_minor, currency) } : {}),
    ...(max_minor !== undefined ? { max_amount: formatMinor(max_minor, currency) } : {}),
  };
}
