/**
 * Fraud screening of card payments (docs/sandbox.md "Fraud rules"). Every card
 * payment is evaluated before authorization: `screen` runs one indexed,
 * bounded read (started while the CVV is decrypted), `decide` is pure, and
 * `recordFraudOutcome` (outcome.ts) writes the evaluation in the payment's insert
 * transaction. A `decline` makes the payment REJECTED with response code 59
 * and the network is never called. The payment row itself is written by
 * payments/ (payments/screened.ts), which calls `recordFraudOutcome`.
 */
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { preparedQuery, readTogether, type Read } from '../db/prepared.js';
import type { FraudEvaluationsTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
export { decide, recordFraudOutcome } from './outcome.js';
import { CURRENCIES, formatMinor, toMinorUnits } from '../lib/money.js';
import type { RealClock } from '../clock/clock.js';
import type { FraudEvaluation, FraudRules, FraudRulesInput, RuleHit } from './schemas.js';

/** ISO 8583 "suspected fraud": the response code of a payment the fraud rules decline. */
export const FRAUD_RESPONSE_CODE = '59';

export type Action = 'review' | 'decline' | 'three_ds';
export interface Velocity {
  max: number;
  window_seconds: number;
  action: Action;
}
interface Threshold {
  currency: string;
  review_above: number | null;
  decline_above: number | null;
  /** Absent in a rule set stored before it existed. */
  three_ds_above?: number | null;
}
/** The stored rule set (amounts in minor units). */
export interface RuleSet {
  instrument_velocity: Velocity | null;
  client_velocity: Velocity | null;
  client_new_cards: Velocity | null;
  /** The network's declines of the same card (fingerprint) in the window; `max` declines make the next payment hit. */
  card_declines: Velocity | null;
  amount_thresholds: Threshold[];
}

/**
 * What applies to an organization that has not set rules: velocity flags for
 * review; a card the network declined 5 times within an hour is declined
 * (59) without calling the network, so card testing stops at the card.
 * Velocity per API client is off by default (a merchant's backend client
 * carries all its customers' payments); set it to use it.
 */
export const DEFAULT_RULES: RuleSet = {
  instrument_velocity: { max: 10, window_seconds: 60, action: 'review' },
  client_velocity: null,
  client_new_cards: { max: 10, window_seconds: 600, action: 'review' },
  card_declines: { max: 5, window_seconds: 3600, action: 'decline' },
  amount_thresholds: [],
};

/** Rules are cached per process this long; a PUT in this process applies at once. */
export const RULES_CACHE_MS = 5000;
type CachedRules = { rules: RuleSet; configured: boolean; updatedAt: string | null; at: number };
const cache = new WeakMap<Db, Map<string, CachedRules>>();

function cacheOf(db: Db) {
  let map = cache.get(db);
  if (!map) cache.set(db, (map = new Map<string, CachedRules>()));
  return map;
}

async function loadRules(db: Db, organizationId: string, clock: RealClock) {
  const map = cacheOf(db);
  const hit = map.get(organizationId);
  if (hit && clock.realNow() - hit.at < RULES_CACHE_MS) return hit;
  const row = await db.selectFrom('fraud_rules').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  // A rule set stored before a rule existed takes that rule's default.
  const entry = row
    ? { rules: { ...DEFAULT_RULES, ...(JSON.parse(row.rules) as Partial<RuleSet>) }, configured: true, updatedAt: row.updated_at, at: clock.realNow() }
    : { rules: DEFAULT_RULES, configured: false, updatedAt: null, at: clock.realNow() };
  if (map.size > 10_000) map.clear();
  map.set(organizationId, entry);
  return entry;
}

function velocityView(v: Velocity | null, key: 'max_payments' | 'max_cards' | 'max_declines') {
  return v ? ({ [key]: v.max, window_seconds: v.window_seconds, action: v.action } as never) : null;
}

function rulesView(entry: { rules: RuleSet; configured: boolean; updatedAt: string | null }): FraudRules {
  const { rules } = entry;
  return {
    configured: entry.configured,
    instrument_velocity: velocityView(rules.instrument_velocity, 'max_payments'),
    client_velocity: velocityView(rules.client_velocity, 'max_payments'),
    client_new_cards: velocityView(rules.client_new_cards, 'max_cards'),
    card_declines: velocityView(rules.card_declines, 'max_declines'),
    amount_thresholds: rules.amount_thresholds.map((t) => ({
      currency: t.currency,
      review_above: t.review_above === null ? null : formatMinor(t.review_above, t.currency),
      decline_above: t.decline_above === null ? null : formatMinor(t.decline_above, t.currency),
      three_ds_above: (t.three_ds_above ?? null) === null ? null : formatMinor(t.three_ds_above!, t.currency),
    })),
    updated_at: entry.updatedAt,
  };
}

export interface ScreeningSubject {
  organizationId: string;
  clientId: string;
  instrumentId: string;
}

/** The screening read's one row (counts arrive as numbers or numeric strings, by dialect). */
type ScreeningRow = { instrument_count: unknown; client_count: unknown; new_card_count: unknown; card_decline_count: unknown; seen_card: unknown };

export interface Screening {
  rules: RuleSet;
  /** Earlier payments in each rule's window, counted up to the rule's max + 1. */
  instrumentCount: number;
  clientCount: number;
  newCardCount: number;
  /** The network's earlier declines of this card (fingerprint) in the window, counted up to the rule's max + 1. */
  cardDeclineCount: number;
  /** The card was not used in the organization within the new-cards window. */
  newCard: boolean;
}

export interface Decision {
  score: number;
  decision: 'approve' | 'review' | 'decline';
  /** A rule hit asks for 3-D Secure before the network (payments/authentication.ts). */
  threeDs: boolean;
  rulesHit: RuleHit[];
  newCard: boolean;
  clientId: string;
  instrumentId: string;
  amount: number;
  currency: string;
}

const count = (value: unknown) => Number(value ?? 0);

/** The row caps of the screening read: each rule's max + 1 (0 when the rule is off). */
type Caps = readonly [iv: number, cv: number, nc: number, cd: number];

/**
 * The screening read, compiled once per set of row caps (which also say which
 * rules are on: the shape of the query) and dialect: it runs on every card payment.
 *
 * The caps are literals in the SQL, not parameters: SQLite plans a `LIMIT ?`
 * with the value bound at the time, so a statement with one is compiled again
 * each time it is bound (about 30 µs here, four times the read itself). An
 * organization's caps change only when its rules do, so there are few
 * statements; the map is bounded all the same.
 */
const screenQueries = new Map<string, ReturnType<typeof buildScreenQuery>>();
function screenQuery(caps: Caps) {
  const key = caps.join(',');
  let query = screenQueries.get(key);
  if (!query) {
    if (screenQueries.size >= 256) screenQueries.clear();
    query = buildScreenQuery(caps);
    screenQueries.set(key, query);
  }
  return query;
}

function buildScreenQuery([ivCap, cvCap, ncCap, cdCap]: Caps) {
  // A rule is on when its cap is (its max, at least 1, plus 1).
  const [iv, cv, nc, cd] = [ivCap > 0, cvCap > 0, ncCap > 0, cdCap > 0];
  return preparedQuery(
    (db: Executor, instrumentId: string, organizationId: string, clientId: string, ivSince: string, cvSince: string, ncSince: string, cdSince: string) =>
      db.selectNoFrom((eb) => {
        const evaluations = () => eb.selectFrom('fraud_evaluations');
        const capped = (query: ReturnType<typeof evaluations>, cap: number, alias: string) =>
          eb
            .selectFrom(query.select('created_at').limit(sql.lit(cap)).as('w'))
            .select((e) => e.fn.countAll().as('n'))
            .as(alias);
        const zero = (alias: string) => eb.lit(0).as(alias);
        return [
          iv
            ? capped(evaluations().where('instrument_id', '=', instrumentId).where('created_at', '>=', ivSince), ivCap, 'instrument_count')
            : zero('instrument_count'),
          cv
            ? capped(
                evaluations().where('organization_id', '=', organizationId).where('client_id', '=', clientId).where('created_at', '>=', cvSince),
                cvCap,
                'client_count',
              )
            : zero('client_count'),
          nc
            ? capped(
                // `new_card = 1` as a literal: a parameter would not match the partial index's predicate in a generic plan.
                evaluations()
                  .where('organization_id', '=', organizationId)
                  .where('client_id', '=', clientId)
                  .where('new_card', '=', eb.lit(1))
                  .where('created_at', '>=', ncSince),
                ncCap,
                'new_card_count',
              )
            : zero('new_card_count'),
          nc
            ? evaluations().select('created_at').where('instrument_id', '=', instrumentId).where('created_at', '>=', ncSince).limit(sql.lit(1)).as('seen_card')
            : eb.lit(null).as('seen_card'),
          // card_declines_fingerprint_idx: the declines of this instrument's card (its fingerprint) in the window.
          cd
            ? eb
                .selectFrom(
                  eb
                    .selectFrom('card_declines')
                    .select('card_declines.created_at')
                    .where('card_declines.organization_id', '=', organizationId)
                    .where('card_declines.fingerprint', '=', (f) =>
                      f.selectFrom('instruments').select('instruments.fingerprint').where('instruments.id', '=', instrumentId),
                    )
                    .where('card_declines.created_at', '>=', cdSince)
                    .limit(sql.lit(cdCap))
                    .as('d'),
                )
                .select((e) => e.fn.countAll().as('n'))
                .as('card_decline_count')
            : zero('card_decline_count'),
        ];
      }),
  );
}

export class FraudService {
  constructor(
    private readonly db: Db,
    private readonly clock: RealClock,
  ) {}

  async getRules(organizationId: string): Promise<FraudRules> {
    return rulesView(await loadRules(this.db, organizationId, this.clock));
  }

  /** PUT: the whole rule set; an omitted rule takes its default, null switches it off. */
  async putRules(organizationId: string, input: FraudRulesInput): Promise<FraudRules> {
    const details: ErrorDetail[] = [];
    const thresholds: Threshold[] = [];
    const seen = new Set<string>();
    (input.amount_thresholds ?? []).forEach((t, i) => {
      const field = `amount_thresholds.${i}`;
      if (CURRENCIES[t.currency] === undefined) return details.push({ field: `${field}.currency`, message: 'is not a supported ISO 4217 currency' });
      if (seen.has(t.currency)) details.push({ field: `${field}.currency`, message: 'appears twice' });
      seen.add(t.currency);
      const minor = (key: 'review_above' | 'decline_above' | 'three_ds_above'): number | null => {
        const value = t[key];
        if (value === undefined || value === null) return null;
        const parsed = toMinorUnits(value, t.currency);
        if ('minor' in parsed) return parsed.minor;
        details.push({
          field: `${field}.${key}`,
          message:
            parsed.problem === 'too_many_decimals' ? `${t.currency} amounts have at most ${CURRENCIES[t.currency]} decimal places` : 'is not a valid amount',
        });
        return null;
      };
      const review = minor('review_above');
      const decline = minor('decline_above');
      const threeDs = minor('three_ds_above');
      if ((t.review_above ?? null) === null && (t.decline_above ?? null) === null && (t.three_ds_above ?? null) === null)
        details.push({ field, message: 'set review_above, decline_above, three_ds_above or more than one' });
      thresholds.push({ currency: t.currency, review_above: review, decline_above: decline, three_ds_above: threeDs });
    });
    if (details.length > 0) throw ApiError.validation(details);
    const velocity = (
      v: { max_payments?: number; max_cards?: number; max_declines?: number; window_seconds: number; action: Action } | null | undefined,
      fallback: Velocity | null,
    ): Velocity | null =>
      v === undefined
        ? fallback
        : v === null
          ? null
          : { max: (v.max_payments ?? v.max_cards ?? v.max_declines)!, window_seconds: v.window_seconds, action: v.action };
    const rules: RuleSet = {
      instrument_velocity: velocity(input.instrument_velocity, DEFAULT_RULES.instrument_velocity),
      client_velocity: velocity(input.client_velocity, DEFAULT_RULES.client_velocity),
      client_new_cards: velocity(input.client_new_cards, DEFAULT_RULES.client_new_cards),
      card_declines: velocity(input.card_declines, DEFAULT_RULES.card_declines),
      amount_thresholds: thresholds,
    };
    const now = this.clock.realIso();
    const text = JSON.stringify(rules);
    await this.db
      .insertInto('fraud_rules')
      .values({ organization_id: organizationId, rules: text, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ rules: text, updated_at: now }))
      .execute();
    const entry = { rules, configured: true, updatedAt: now, at: this.clock.realNow() };
    cacheOf(this.db).set(organizationId, entry);
    return rulesView(entry);
  }

  /**
   * The counts the rules need, in one read: each an index-only range scan
   * (fraud_evaluations_instrument_idx, _client_idx, _new_card_idx) stopped at
   * the rule's max + 1 rows, so its cost does not grow with traffic.
   */
  async screen(subject: ScreeningSubject): Promise<Screening> {
    const plan = await this.planScreening(subject);
    const [rows] = await readTogether(this.db, plan.read);
    return plan.screening(rows);
  }

  /**
   * The screening as a read not yet run, for a caller that runs it with its
   * own reads in one round trip (db/prepared.ts, readTogether), and how its
   * rows become the Screening. No read when every counting rule is off.
   */
  async planScreening(subject: ScreeningSubject): Promise<{ read: Read<ScreeningRow> | undefined; screening(rows: readonly ScreeningRow[]): Screening }> {
    const { rules } = await loadRules(this.db, subject.organizationId, this.clock);
    const since = (seconds: number) => new Date(this.clock.realNow() - seconds * 1000).toISOString();
    const iv = rules.instrument_velocity;
    const cv = rules.client_velocity;
    const nc = rules.client_new_cards;
    const cd = rules.card_declines;
    if (!iv && !cv && !nc && !cd) {
      return { read: undefined, screening: () => ({ rules, instrumentCount: 0, clientCount: 0, newCardCount: 0, cardDeclineCount: 0, newCard: false }) };
    }
    const caps: Caps = [(iv?.max ?? -1) + 1, (cv?.max ?? -1) + 1, (nc?.max ?? -1) + 1, (cd?.max ?? -1) + 1];
    const read = screenQuery(caps).read(
      this.db,
      subject.instrumentId,
      subject.organizationId,
      subject.clientId,
      since(iv?.window_seconds ?? 0),
      since(cv?.window_seconds ?? 0),
      since(nc?.window_seconds ?? 0),
      since(cd?.window_seconds ?? 0),
    );
    const screening = ([row]: readonly ScreeningRow[]): Screening => {
      if (!row) throw new Error('fraud screening read no row');
      return {
        rules,
        instrumentCount: count(row.instrument_count),
        clientCount: count(row.client_count),
        newCardCount: count(row.new_card_count),
        cardDeclineCount: count(row.card_decline_count),
        newCard: Boolean(nc) && (row.seen_card === null || row.seen_card === undefined),
      };
    };
    return { read, screening };
  }

  async evaluation(organizationId: string, paymentId: string): Promise<FraudEvaluation> {
    const row = await this.db
      .selectFrom('fraud_evaluations')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!row) throw ApiError.notFound('fraud evaluation (card payments created since fraud screening began have one)');
    return evaluationView(row);
  }
}

export function evaluationView(row: FraudEvaluationsTable): FraudEvaluation {
  return {
    payment_id: row.payment_id,
    score: Number(row.score),
    decision: row.decision,
    rules_hit: JSON.parse(row.rules_hit) as RuleHit[],
    evaluated_at: row.created_at,
  };
}
