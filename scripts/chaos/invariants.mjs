/**
 * The invariants of a chaos run (docs/reliability.md), read from the database
 * (a pg client on the run's cluster, or on the restored dump) and from what the
 * harness saw (answers, receipts). Each returns a list of violations (strings).
 */
import pg from 'pg';

/** Card payment statuses and the moves between them the gateway makes (payments/lifecycle.ts, refund reservations). */
const CARD_MOVES = {
  PENDING: ['AUTHORIZED', 'APPROVED', 'REJECTED', 'CANCELLED'],
  AUTHORIZED: ['APPROVED', 'CANCELLED'],
  APPROVED: ['REFUNDED', 'CANCELLED'],
  REFUNDED: [],
  REJECTED: [],
  CANCELLED: [],
};
const ACCOUNT_PREFIXED = /^(ca[0-9a-z]{8}):(.*)$/s;
const APM_MOVES = { IN_PROGRESS: ['APPROVED', 'DECLINED', 'FAILED'], APPROVED: [], DECLINED: [], FAILED: [] };

export async function databaseInvariants(url, { organizationId, endpoints = [], since, processorKey }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async (text, values = []) => (await client.query(text, values)).rows;
  const violations = [];
  const facts = {};
  try {
    // 1. No order_id charged twice: one payment per order, and one approved authorization per order at the network.
    const dupOrders = await q(`select organization_id, order_id, count(*)::int n from payments group by 1, 2 having count(*) > 1`);
    for (const d of dupOrders) violations.push(`order ${d.order_id}: ${d.n} card payments`);
    const dupApm = await q(`select organization_id, order_id, count(*)::int n from apm_payments group by 1, 2 having count(*) > 1`).catch(() => []);
    for (const d of dupApm) violations.push(`order ${d.order_id}: ${d.n} alternative payments`);

    // 2. Amounts: refunds succeeded <= captured <= authorized, and the columns agree with the transactions and refunds.
    const payments = await q(
      `
      select p.id, p.order_id, p.status, p.amount, p.amount_authorized::int authorized, p.amount_captured::int captured, p.amount_refunded::int refunded,
             p.pending_action, p.channel,
             coalesce((select sum(amount) from refunds r where r.payment_id = p.id and r.status = 'SUCCEEDED'), 0)::int refunds_succeeded,
             coalesce((select sum(amount) from transactions t where t.payment_id = p.id and t.type = 'capture' and t.status = 'SUCCEEDED'), 0)::int captures_succeeded,
             (select count(*) from transactions t where t.payment_id = p.id and t.type = 'authorization' and t.status = 'SUCCEEDED')::int authorizations
      from payments p where p.created_at >= $1`,
      [since],
    );
    facts.payments = payments.length;
    for (const p of payments) {
      if (!(p.refunds_succeeded <= p.captured && p.captured <= p.authorized))
        violations.push(`payment ${p.id}: refunded ${p.refunds_succeeded}, captured ${p.captured}, authorized ${p.authorized}`);
      if (p.refunded !== p.refunds_succeeded) violations.push(`payment ${p.id}: amount_refunded ${p.refunded} but refunds succeeded ${p.refunds_succeeded}`);
      if (p.captured !== p.captures_succeeded && p.status !== 'CANCELLED')
        violations.push(`payment ${p.id}: amount_captured ${p.captured} but capture transactions ${p.captures_succeeded}`);
      if (p.authorizations > 1) violations.push(`payment ${p.id}: ${p.authorizations} successful authorizations`);
      if (p.pending_action !== null) violations.push(`payment ${p.id}: still ${p.pending_action} in flight after the drain`);
      if (p.status === 'PENDING') violations.push(`payment ${p.id}: still PENDING after the drain`);
    }

    // 3. States moved along the diagram: each payment's events, in order.
    const events = await q(`select id, type, data, created_at from events where organization_id = $1 and created_at >= $2 order by created_at, id`, [
      organizationId,
      since,
    ]);
    facts.events = events.length;
    const lastStatus = new Map();
    for (const event of events) {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        continue;
      }
      const id = data?.payment?.id ?? data?.id ?? data?.payment_id;
      const status = data?.payment?.transaction?.status ?? data?.transaction?.status ?? data?.status;
      if (typeof id !== 'string' || typeof status !== 'string' || !event.type.startsWith('payment.')) continue;
      const moves = event.type.startsWith('payment.card.') ? CARD_MOVES : event.type.startsWith('payment.purchase.') ? APM_MOVES : undefined;
      if (!moves) continue;
      const before = lastStatus.get(id);
      if (before !== undefined && before !== status && !(moves[before] ?? []).includes(status))
        violations.push(`payment ${id}: ${before} -> ${status} (event ${event.id}, ${event.type}) is not a move of the state diagram`);
      lastStatus.set(id, status);
    }

    // 4. The simulator's ledger equals the payments' authorizations and captures.
    const ledger = await q(`select reference, kind, result from simulator_operations where created_at >= $1`, [since]);
    const approvedAuth = new Set();
    const captures = new Set();
    for (const row of ledger) {
      const result = JSON.parse(row.result);
      if (row.kind === 'authorize' && result.outcome === 'approved') approvedAuth.add(row.reference.replace(/^auth:/, ''));
      if (row.kind === 'capture' && result.outcome === 'succeeded') captures.add(row.reference.replace(/^capture:/, ''));
    }
    // Every channel: card payments and the card-present payments of the terminals (the same network, the same references).
    const references = await q(
      `select p.id, p.amount_authorized::int authorized, p.amount_captured::int captured, p.status, p.network_reference from payments p where p.created_at >= $1`,
      [since],
    );
    const authorizedAt = new Set();
    for (const p of references) {
      // A connector account's reference (`ca12345678:<processor's>`): the simulator account's is checked here,
      // the fake processor's (`processorKey`) by processorInvariants.
      const prefixed = ACCOUNT_PREFIXED.exec(p.network_reference ?? '');
      if (prefixed && prefixed[1] === processorKey) continue;
      const reference = (prefixed ? prefixed[2] : (p.network_reference ?? '')).replace(/^sim_/, '');
      if (p.authorized > 0) {
        authorizedAt.add(reference);
        if (!approvedAuth.has(reference))
          violations.push(`payment ${p.id}: authorized ${p.authorized} but the network has no approved authorization for ${reference}`);
      }
      if (p.captured > 0 && !captures.has(`${p.id}:capture`)) violations.push(`payment ${p.id}: captured ${p.captured} but the network has no capture`);
    }
    for (const reference of approvedAuth) {
      if (!authorizedAt.has(reference)) {
        // An approval the gateway never recorded must at least have been voided or reversed at the network.
        const released = ledger.some((l) => (l.kind === 'void' || l.kind === 'reverse') && l.reference.includes(reference));
        if (!released) violations.push(`network authorization ${reference}: approved at the network, not on any payment, never released`);
      }
    }
    for (const reference of captures) {
      const id = reference.replace(/:capture$/, '');
      if (!references.some((p) => p.id === id && p.captured > 0)) violations.push(`network capture ${reference}: no payment shows it captured`);
    }
    facts.ledger = ledger.length;

    // 5. Webhooks: every event delivered to every subscribed endpoint (the deliveries rows), all succeeded.
    const deliveries = await q(
      `select d.id, d.endpoint_id, d.event_id, d.status, d.attempts, d.last_error, e.type from webhook_deliveries d join events e on e.id = d.event_id where d.organization_id = $1 and d.created_at >= $2`,
      [organizationId, since],
    );
    facts.deliveries = deliveries.length;
    // A delivery that came due while its endpoint was disabled (by the merchant: the workload disables
    // and re-enables endpoints) is failed by design, without an attempt (webhooks/delivery.ts): not owed.
    const disabled = deliveries.filter((d) => d.status === 'failed' && d.last_error === 'the endpoint is disabled');
    facts.deliveriesToDisabledEndpoints = disabled.length;
    for (const d of deliveries)
      if (d.status !== 'succeeded' && !disabled.includes(d))
        violations.push(`delivery ${d.id} (${d.type} to ${d.endpoint_id}): ${d.status} after ${d.attempts} attempts`);
    for (const endpoint of endpoints) {
      const missing = await q(
        `select e.id, e.type from events e where e.organization_id = $1 and e.created_at >= $2 and e.type not like 'audit.%'
           and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.endpoint_id = $3)`,
        [organizationId, since, endpoint],
      );
      const deliverable = missing.filter((m) => !m.type.startsWith('audit') && !m.type.includes('.audit'));
      facts[`missing:${endpoint}`] = deliverable.length;
      for (const m of deliverable.slice(0, 20)) violations.push(`event ${m.id} (${m.type}) has no delivery to the always-subscribed endpoint ${endpoint}`);
    }

    // 7. The ledger (ledger/, docs/ledger.md): every account of every currency sums to zero, each entry's postings
    //    move the merchant's balances by its `net`, the balances equal the entries, and no movement of money of the
    //    run lacks its entry (a kill -9 between the state change and its entry would leave one without).
    const ledgerFacts = await ledgerInvariants(q, since);
    violations.push(...ledgerFacts.violations);
    facts.ledgerEntries = ledgerFacts.entries;
    facts.ledgerMovements = ledgerFacts.movements;

    // 6. Jobs: none stuck on a dead lease, none overdue, none failed.
    const jobs = await q(`select status, type, count(*)::int n from jobs group by 1, 2 order by 1, 2`);
    facts.jobs = jobs;
    const stuck = await q(
      `select id, type, status, locked_until, run_at, last_error from jobs where (status = 'running' and locked_until < $1) or (status = 'pending' and run_at < $2)`,
      [new Date(Date.now() - 5000).toISOString(), new Date(Date.now() - 30_000).toISOString()],
    );
    for (const j of stuck)
      violations.push(`job ${j.id} (${j.type}) ${j.status}: ${j.status === 'running' ? `lease ended ${j.locked_until}` : `due since ${j.run_at}`}`);
    const failed = await q(`select id, type, last_error from jobs where status = 'failed' and created_at >= $1`, [since]);
    for (const j of failed) violations.push(`job ${j.id} (${j.type}) failed: ${j.last_error}`);
  } finally {
    await client.end();
  }
  return { violations, facts };
}

const MERCHANT_ACCOUNTS = `('merchant_pending', 'merchant_available', 'merchant_reserved')`;

/**
 * The ledger's invariants, over every row (they hold at every moment, not only for the run's rows), and its
 * entries against the run's movements of money. Every violation starts with "ledger:".
 */
async function ledgerInvariants(q, since) {
  const violations = [];
  // Each account's balance: what was credited to it less what was debited from it.
  const accounts = await q(
    `select organization_id, currency, account, sum(delta)::bigint balance from (
       select organization_id, currency, credit_account account, amount delta from ledger_postings
       union all select organization_id, currency, debit_account, -amount from ledger_postings) x
     group by 1, 2, 3`,
  );
  const perCurrency = new Map();
  const perBook = new Map();
  for (const a of accounts) {
    const balance = Number(a.balance);
    perCurrency.set(a.currency, (perCurrency.get(a.currency) ?? 0) + balance);
    perBook.set(`${a.organization_id}|${a.currency}`, (perBook.get(`${a.organization_id}|${a.currency}`) ?? 0) + balance);
  }
  for (const [currency, sum] of perCurrency) if (sum !== 0) violations.push(`ledger: the accounts of ${currency} sum to ${sum}, not 0`);
  for (const [book, sum] of perBook) if (sum !== 0) violations.push(`ledger: the accounts of ${book.replace('|', ' in ')} sum to ${sum}, not 0`);

  // Each entry: postings that move the merchant's balances by its net; no posting without its entry.
  const entries = await q(
    `select e.id, e.type, e.net::bigint net, e.amount::bigint amount, e.fee::bigint fee, count(p.entry_id)::int lines,
            coalesce(sum(case when p.credit_account in ${MERCHANT_ACCOUNTS} then p.amount else 0 end), 0)::bigint
              - coalesce(sum(case when p.debit_account in ${MERCHANT_ACCOUNTS} then p.amount else 0 end), 0)::bigint effect
       from ledger_entries e left join ledger_postings p on p.entry_id = e.id group by e.id, e.type, e.net, e.amount, e.fee`,
  );
  for (const e of entries) {
    if (e.lines === 0) violations.push(`ledger: entry ${e.id} (${e.type}) has no postings`);
    else if (Number(e.effect) !== Number(e.net)) violations.push(`ledger: entry ${e.id} (${e.type}) has net ${e.net} but its postings move ${e.effect}`);
    if (Number(e.amount) !== Number(e.net) + Number(e.fee))
      violations.push(`ledger: entry ${e.id} (${e.type}): gross ${e.amount} is not net ${e.net} + fee ${e.fee}`);
  }
  const orphans = await q(`select distinct entry_id from ledger_postings p where not exists (select 1 from ledger_entries e where e.id = p.entry_id)`);
  for (const o of orphans) violations.push(`ledger: postings of entry ${o.entry_id}, which does not exist`);

  // The balances (available + pending + reserved, GET /v1/balance) equal the sum of the organization's entries.
  const books = await q(
    `select coalesce(b.organization_id, e.organization_id) organization_id, coalesce(b.currency, e.currency) currency,
            coalesce(b.balance, 0)::bigint balance, coalesce(e.net, 0)::bigint net
       from (select organization_id, currency, sum(case when credit_account in ${MERCHANT_ACCOUNTS} then amount else 0 end)
                    - sum(case when debit_account in ${MERCHANT_ACCOUNTS} then amount else 0 end) balance
               from ledger_postings group by 1, 2) b
       full join (select organization_id, currency, sum(net) net from ledger_entries group by 1, 2) e
         on e.organization_id = b.organization_id and e.currency = b.currency`,
  );
  for (const b of books)
    if (Number(b.balance) !== Number(b.net))
      violations.push(`ledger: ${b.organization_id} ${b.currency}: the balances add up to ${b.balance}, its entries to ${b.net}`);

  // Settlements and payouts: a batch moved exactly its entries; a payout not failed carries exactly its amount.
  const batches = await q(
    `select s.id, s.amount::bigint amount, s.entry_count, coalesce(sum(se.amount), 0)::bigint entries, count(se.entry_id)::int n
       from settlements s left join settlement_entries se on se.settlement_id = s.id group by s.id, s.amount, s.entry_count`,
  );
  for (const s of batches)
    if (Number(s.amount) !== Number(s.entries) || s.entry_count !== s.n)
      violations.push(`ledger: settlement ${s.id} moved ${s.amount} in ${s.entry_count} entries, its entries add up to ${s.entries} in ${s.n}`);
  const payouts = await q(
    `select po.id, po.amount::bigint amount, coalesce(sum(s.amount), 0)::bigint carried from payouts po
       left join settlements s on s.payout_id = po.id where po.status <> 'failed' group by po.id, po.amount`,
  );
  for (const p of payouts)
    if (Number(p.amount) !== Number(p.carried)) violations.push(`ledger: payout ${p.id} of ${p.amount} carries settlements of ${p.carried}`);

  // No movement of the run without its entry: a captured card payment, an approved rail payment, a succeeded
  // refund, a chargeback's fee each have theirs (the same amount; a fee's is the entry's net); a refund that
  // did not succeed, a chargeback without a fee, have none.
  const movements = await q(
    `select 'capture' kind, p.id, p.amount_captured::bigint moved, e.amount::bigint posted from payments p
        left join ledger_entries e on e.source_id = p.id and e.type = 'payment'
       where p.created_at >= $1 and p.rail_id is null and p.amount_captured > 0
     union all
     select 'rail payment', p.id, p.amount::bigint, e.amount::bigint from payments p
        left join ledger_entries e on e.source_id = p.id and e.type = 'payment'
       where p.created_at >= $1 and p.rail_id is not null and p.status = 'APPROVED'
     union all
     select 'refund', r.id, -r.amount::bigint, e.amount::bigint from refunds r
        left join ledger_entries e on e.source_id = r.id and e.type = 'refund'
       where r.created_at >= $1 and r.status = 'SUCCEEDED'
     union all
     select 'chargeback fee', c.id, -c.fee_amount::bigint, e.net::bigint from chargebacks c
        left join ledger_entries e on e.source_id = c.id and e.type = 'chargeback_fee'
       where c.created_at >= $1 and c.fee_amount > 0`,
    [since],
  );
  for (const m of movements) {
    if (m.posted === null) violations.push(`ledger: ${m.kind} ${m.id} moved ${m.moved} without its entry`);
    else if (Number(m.posted) !== Number(m.moved)) violations.push(`ledger: ${m.kind} ${m.id} moved ${m.moved}, its entry ${m.posted}`);
  }
  // A refund REJECTED after it succeeded (the processor failed it afterwards) keeps its entry, given back by a
  // `refund_failure` of the same amount; a SUCCEEDED refund has no such entry.
  const stray = await q(
    `select r.id, r.status from refunds r join ledger_entries e on e.source_id = r.id and e.type = 'refund'
      where r.created_at >= $1 and r.status <> 'SUCCEEDED'
        and not (r.status = 'REJECTED' and exists (select 1 from ledger_entries f where f.source_id = r.id and f.type = 'refund_failure' and f.amount = -e.amount))
     union all
     select r.id, r.status from refunds r join ledger_entries f on f.source_id = r.id and f.type = 'refund_failure'
      where r.created_at >= $1 and r.status = 'SUCCEEDED'`,
    [since],
  );
  for (const r of stray) violations.push(`ledger: refund ${r.id} is ${r.status} but has an entry it should not have`);
  const strayFees = await q(
    `select c.id, e.fee::bigint fee from chargebacks c join ledger_entries e on e.source_id = c.id and e.type = 'chargeback_fee'
      where c.created_at >= $1 and coalesce(c.fee_amount, 0) = 0`,
    [since],
  );
  for (const c of strayFees) violations.push(`ledger: chargeback ${c.id} has no fee but a chargeback_fee entry of ${c.fee}`);
  return { violations, entries: entries.length, movements: movements.length };
}

/** Every 2xx answer's effect exists and holds. */
export async function effectInvariants(url, effects) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const violations = [];
  const tables = {
    payment: 'payments',
    'terminal payment': 'payments',
    instruction: 'payment_instructions',
    refund: 'refunds',
    organization: 'organizations',
    link: 'links',
    webhook: 'webhook_endpoints',
  };
  try {
    for (const effect of effects) {
      if (effect.kind === 'intent') {
        const rows = (
          await client
            .query(`select 1 from apm_payments where id = $1 union all select 1 from payments where id = $1`, [effect.id])
            .catch(() => ({ rows: [{}] }))
        ).rows;
        if (rows.length === 0) violations.push(`intent ${effect.id}: answered 2xx but not in the database`);
        continue;
      }
      if (effect.kind === 'capture' || effect.kind === 'cancel') {
        const row = (await client.query(`select status, amount_captured::int captured from payments where id = $1`, [effect.id])).rows[0];
        if (effect.kind === 'capture' && !(row && row.captured > 0))
          violations.push(`capture of ${effect.id}: answered 2xx, payment shows ${JSON.stringify(row)}`);
        if (effect.kind === 'cancel' && row?.status !== 'CANCELLED') violations.push(`cancel of ${effect.id}: answered 2xx, payment is ${row?.status}`);
        continue;
      }
      const table = tables[effect.kind];
      const rows = (await client.query(`select 1 from ${table} where id = $1`, [effect.id])).rows;
      if (rows.length === 0) violations.push(`${effect.kind} ${effect.id}: answered 2xx but not in the database`);
    }
  } finally {
    await client.end();
  }
  return violations;
}

/** Webhook receipts: each delivered event arrived, every copy with webhook-id = the event's id; duplicates counted. */
export async function receiptInvariants(url, { organizationId, since, receivers }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const violations = [];
  let duplicates = 0;
  let received = 0;
  try {
    const rows = (
      await client.query(
        `select d.event_id, w.url from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id where d.organization_id = $1 and d.created_at >= $2 and d.status = 'succeeded'`,
        [organizationId, since],
      )
    ).rows;
    const receipts = new Map();
    for (const receiver of receivers) {
      for (const r of receiver.receipts) {
        if (r.webhookId !== r.eventId) violations.push(`${receiver.name}: webhook-id ${r.webhookId} carried event ${r.eventId}`);
        if (r.answered !== 'ok') continue;
        const key = `${receiver.url}${r.path}|${r.eventId}`;
        receipts.set(key, (receipts.get(key) ?? 0) + 1);
      }
    }
    for (const row of rows) {
      const n = receipts.get(`${row.url}|${row.event_id}`) ?? 0;
      if (n === 0) violations.push(`event ${row.event_id}: delivery to ${row.url} marked succeeded, never answered 200 by the receiver`);
      received++;
      if (n > 1) duplicates += n - 1;
    }
  } finally {
    await client.end();
  }
  return { violations, duplicates, received };
}

const FINAL_INSTRUCTION = ['COMPLETED', 'FAILED', 'EXPIRED'];

/**
 * Payment instructions and their card-present payments (payment-instructions/): each instruction of the run
 * is final after the drain and ends in at most one payment, in the state that payment's state gives it
 * (COMPLETED: authorized, or approved when it captures; FAILED card_declined: rejected; EXPIRED: none);
 * every card-present payment belongs to an instruction; every payment a terminal simulator was told of
 * exists, on its instruction, with the outcome it was told.
 */
export async function instructionInvariants(url, { organizationId, since, simulators = [] }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async (text, values = []) => (await client.query(text, values)).rows;
  const violations = [];
  const facts = { instructions: 0, byStatus: {}, payments: 0, paymentsByStatus: {}, reported: 0 };
  try {
    const instructions = await q(
      `select id, order_id, status, capture_mode, payment_id, failure_code from payment_instructions where organization_id = $1 and created_at >= $2`,
      [organizationId, since],
    );
    const payments = await q(
      `select id, order_id, status, channel from payments where organization_id = $1 and (channel = 'card_present' or order_id in (select order_id from payment_instructions where organization_id = $1 and created_at >= $2))`,
      [organizationId, since],
    );
    facts.instructions = instructions.length;
    const cardPresent = payments.filter((p) => p.channel === 'card_present');
    facts.payments = cardPresent.length;
    for (const p of cardPresent) facts.paymentsByStatus[p.status] = (facts.paymentsByStatus[p.status] ?? 0) + 1;
    const byOrder = new Map();
    for (const p of payments) byOrder.set(p.order_id, [...(byOrder.get(p.order_id) ?? []), p]);
    const byId = new Map(payments.map((p) => [p.id, p]));
    const instructionOf = new Map();
    for (const i of instructions) {
      facts.byStatus[i.status] = (facts.byStatus[i.status] ?? 0) + 1;
      const ofOrder = byOrder.get(i.order_id) ?? [];
      if (ofOrder.length > 1) violations.push(`instruction ${i.id}: order ${i.order_id} has ${ofOrder.length} payments`);
      if (!FINAL_INSTRUCTION.includes(i.status)) violations.push(`instruction ${i.id}: still ${i.status} after the drain`);
      const payment = i.payment_id ? byId.get(i.payment_id) : undefined;
      if (i.payment_id) {
        if (instructionOf.has(i.payment_id))
          violations.push(`instruction ${i.id}: its payment ${i.payment_id} is also instruction ${instructionOf.get(i.payment_id)}'s`);
        instructionOf.set(i.payment_id, i.id);
        if (!payment) violations.push(`instruction ${i.id}: its payment ${i.payment_id} does not exist`);
        else if (payment.order_id !== i.order_id)
          violations.push(`instruction ${i.id}: its payment ${payment.id} has order ${payment.order_id}, not ${i.order_id}`);
      }
      const status = payment?.status;
      if (i.status === 'COMPLETED') {
        const expected = i.capture_mode === 'automatic' ? ['APPROVED'] : ['AUTHORIZED'];
        if (!expected.includes(status)) violations.push(`instruction ${i.id}: COMPLETED (capture ${i.capture_mode}) but its payment is ${status ?? 'missing'}`);
      } else if (i.status === 'FAILED') {
        if (i.failure_code === 'card_declined' && status !== 'REJECTED')
          violations.push(`instruction ${i.id}: FAILED card_declined but its payment is ${status ?? 'missing'}`);
        if (i.failure_code !== 'card_declined' && i.failure_code !== 'order_id_conflict') violations.push(`instruction ${i.id}: FAILED with ${i.failure_code}`);
      } else if (i.status === 'EXPIRED') {
        if (i.payment_id || ofOrder.length > 0) violations.push(`instruction ${i.id}: EXPIRED but order ${i.order_id} has a payment`);
      }
    }
    for (const p of cardPresent)
      if (!instructionOf.has(p.id)) violations.push(`card-present payment ${p.id} (order ${p.order_id}, ${p.status}) belongs to no instruction`);
    // What the terminals were told.
    for (const simulator of simulators) {
      for (const [id, told] of simulator.payments) {
        facts.reported++;
        const payment = byId.get(id);
        if (!payment) {
          violations.push(`terminal ${simulator.terminal.id}: told of payment ${id} (${told}), not in the database`);
          continue;
        }
        const instruction = instructions.find((i) => i.id === instructionOf.get(id));
        const outcome = { APPROVED: 'COMPLETED', AUTHORIZED: 'COMPLETED', REJECTED: 'FAILED' }[told];
        if (outcome && instruction?.status !== outcome)
          violations.push(`terminal ${simulator.terminal.id}: told payment ${id} ${told}, its instruction is ${instruction?.status ?? 'missing'}`);
        if (told === 'REJECTED' && payment.status !== 'REJECTED')
          violations.push(`terminal ${simulator.terminal.id}: told payment ${id} REJECTED, it is ${payment.status}`);
        if ((told === 'APPROVED' || told === 'AUTHORIZED') && !['AUTHORIZED', 'APPROVED'].includes(payment.status))
          violations.push(`terminal ${simulator.terminal.id}: told payment ${id} ${told}, it is ${payment.status}`);
      }
    }
  } finally {
    await client.end();
  }
  return { violations, facts };
}

/**
 * The fake processor (processor.mjs) against the payments routed to its
 * account (`processorKey`, the account's reference key) and the simulator's
 * ledger: no order charged twice, at the processor (one payment per
 * `external_reference`: the idempotency keys held) nor across connectors (a
 * payment the processor holds money for was never authorized at the
 * simulator too); every processor payment that holds money is the one its
 * payment references, with the same captured and refunded amounts; a
 * payment cancelled here is cancelled there.
 */
export async function processorInvariants(url, { processor, processorKey, simulatorAccountId, since }) {
  const violations = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const facts = { processorPayments: processor.payments.size, processorRefunds: processor.refunds.length, routedToProcessor: 0, fellBackToSimulator: 0 };
  try {
    const rows = (
      await client.query(
        `select p.id, p.status, p.network_reference, p.amount_authorized::bigint authorized, p.amount_captured::bigint captured, p.amount_refunded::bigint refunded,
                r.account_id, i.brand, (select count(*)::int from simulator_operations s where s.reference = 'auth:' || p.id and s.result like '%"approved"%') simulator_approvals
           from payments p left join connector_references r on r.reference = p.id left join instruments i on i.id = p.instrument_id where p.created_at >= $1`,
        [since],
      )
    ).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const charged = new Map();
    for (const payment of processor.payments.values()) {
      const list = charged.get(payment.external_reference) ?? [];
      list.push(payment);
      charged.set(payment.external_reference, list);
    }
    for (const [reference, list] of charged) {
      if (list.length > 1)
        violations.push(`order of payment ${reference}: charged ${list.length} times at the processor (${list.map((p) => p.id).join(', ')})`);
      const ours = byId.get(reference);
      for (const held of list) {
        const holdsMoney = held.status !== 'cancelled';
        if (!ours) {
          if (holdsMoney) violations.push(`processor payment ${held.id}: no payment ${reference} in the gateway, never released`);
          continue;
        }
        if (holdsMoney && Number(ours.simulator_approvals) > 0)
          violations.push(`payment ${reference}: charged at the processor (${held.id}) and authorized at the simulator too`);
        const referenced = ours.network_reference === `${processorKey}:${held.id}`;
        if (!referenced) {
          if (holdsMoney)
            violations.push(
              `processor payment ${held.id} (${held.status}): payment ${reference} references ${ours.network_reference ?? 'nothing'}, never released`,
            );
          continue;
        }
        const captured = held.captured ? Math.round(held.transaction_amount * 100) : 0;
        if (Number(ours.captured) !== captured) violations.push(`payment ${reference}: captured ${ours.captured} here, ${captured} at the processor`);
        const refunded = Math.round(held.transaction_amount_refunded * 100);
        if (Number(ours.refunded) !== refunded) violations.push(`payment ${reference}: refunded ${ours.refunded} here, ${refunded} at the processor`);
        if ((held.status === 'cancelled') !== (ours.status === 'CANCELLED'))
          violations.push(`payment ${reference}: ${ours.status} here, ${held.status} at the processor`);
      }
    }
    for (const row of rows) {
      const prefixed = ACCOUNT_PREFIXED.exec(row.network_reference ?? '');
      if (!prefixed || prefixed[1] !== processorKey) continue;
      facts.routedToProcessor++;
      if (Number(row.authorized) > 0 && !processor.payments.has(Number(prefixed[2])))
        violations.push(`payment ${row.id}: authorized ${row.authorized} through the processor, which has no payment ${prefixed[2]}`);
    }
    // The processor's cards (the rule's brand) that its account never reached, authorized by the next account of the rule.
    facts.fellBackToSimulator = rows.filter((r) => r.brand === 'mastercard' && r.account_id === simulatorAccountId && Number(r.simulator_approvals) > 0).length;
  } finally {
    await client.end();
  }
  return { violations, facts };
}
