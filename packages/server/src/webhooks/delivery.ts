/**
 * Delivers one webhook attempt (job `webhook.deliver`): signs the event per
 * Standard Webhooks with every live secret of the endpoint, POSTs it within
 * WEBHOOK_TIMEOUT_MS (5 s), and records the attempt. 2xx is delivered; 410
 * disables the endpoint; anything else is retried on WEBHOOK_RETRY_SCHEDULE
 * with ±10% jitter, then the delivery is failed (and can be redelivered).
 * The attempt's record and the next attempt's job commit together. Each
 * attempt keeps the request it sent (headers, none a secret, and body) and
 * the response's status, first RESPONSE_BODY_BYTES (4 KB) and duration.
 */
import type { Config } from '../config/config.js';
import type { Db, Executor } from '../db/database.js';
import type { Keyring } from '../crypto/keyring.js';
import { eventBody } from '../events/store.js';
import { enqueueJob } from '../jobs/store.js';
import { newId } from '../lib/ids.js';
import { isoPlusSeconds } from '../lib/time.js';
import type { Clock } from '../clock/clock.js';
import { DELIVER_JOB, MAX_DELIVERY_ATTEMPTS } from './outbox.js';
import { postJson, sentHeaders } from './http-post.js';
import { signatureHeaders } from './signing.js';
import { guardedLookup, urlProblems, type UrlPolicy } from './url-guard.js';

/** How much of a receiver's response body an attempt keeps. */
export const RESPONSE_BODY_BYTES = 4096;

/**
 * Clears the request and response kept with the attempts made before `before`
 * (the maintenance job, WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS): the attempt
 * itself (status, duration, error) stays in the delivery log.
 */
export async function clearAttemptBodies(db: Executor, before: string): Promise<number> {
  const result = await db
    .updateTable('webhook_attempts')
    .set({ request_headers: null, request_body: null, response_body: null })
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('request_body', 'is not', null), eb('response_body', 'is not', null), eb('request_headers', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deliveries deleted per transaction, and at most this many transactions per maintenance run. */
const DELETE_BATCH = 1000;
const DELETE_BATCHES_PER_RUN = 100;

/**
 * Deletes the finished deliveries (succeeded or failed) created before
 * `before`, with their attempts (the maintenance job,
 * WEBHOOK_DELIVERY_RETENTION_DAYS): `batchSize` deliveries per transaction, so
 * that no transaction holds many rows, and at most `maxBatches` of them per
 * run (a backlog goes over the next runs). A delivery still being retried
 * stays, whatever its age; the events stay too, and can be redelivered.
 * Returns how many deliveries were deleted.
 */
export async function deleteOldDeliveries(db: Db, before: string, batchSize = DELETE_BATCH, maxBatches = DELETE_BATCHES_PER_RUN): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const count = await db.transaction().execute(async (trx) => {
      const ids = (
        await trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('created_at', '<', before)
          .where('status', 'in', ['succeeded', 'failed'])
          .limit(batchSize)
          .execute()
      ).map((row) => row.id);
      if (ids.length === 0) return 0;
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
      await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
      return ids.length;
    });
    deleted += count;
    if (count < batchSize) break;
  }
  return deleted;
}

export class WebhookDeliverer {
  private readonly lookup;

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly settings: Config['webhooks'],
    private readonly policy: UrlPolicy,
    /** The sandbox timers' clock: a retry's next_attempt_at is in the organization's time. */
    private readonly clock: Clock,
  ) {
    this.lookup = guardedLookup(policy);
  }

  /** The endpoint's secrets that sign now: the current one and any still in its rotation grace period. */
  async liveSecrets(endpointId: string): Promise<string[]> {
    const now = this.clock.realIso();
    const rows = await this.db
      .selectFrom('webhook_secrets')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => this.keyring.open(r.secret_sealed, `webhook_secret:${r.id}`).toString('utf8'));
  }

  async deliver(deliveryId: string): Promise<void> {
    const row = await this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .innerJoin('events as v', 'v.id', 'd.event_id')
      .select([
        'd.id',
        'd.organization_id',
        'd.status',
        'd.attempts',
        'd.endpoint_id',
        'e.url',
        'e.status as endpoint_status',
        'v.id as event_id',
        'v.type',
        'v.data',
        'v.created_at as event_time',
      ])
      .where('d.id', '=', deliveryId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending') return;
    if (row.endpoint_status !== 'enabled') {
      await this.finish(deliveryId, Number(row.attempts), { status: 'failed', error: 'the endpoint is disabled' });
      return;
    }
    const body = JSON.stringify(eventBody({ id: row.event_id, type: row.type, data: row.data, created_at: row.event_time }));
    const headers = signatureHeaders(await this.liveSecrets(row.endpoint_id), row.event_id, Math.floor(this.clock.realNow() / 1000), body);
    const attempt = Number(row.attempts) + 1;
    let statusCode: number | null = null;
    let error: string | null = null;
    let responseBody: string | null = null;
    const started = performance.now();
    const problems = urlProblems(row.url, this.policy);
    if (problems.length > 0) error = `refused: the URL ${problems.join(', ')}`;
    else {
      try {
        const response = await postJson(row.url, headers, body, { timeoutMs: this.settings.timeoutMs, lookup: this.lookup, maxBodyBytes: RESPONSE_BODY_BYTES });
        statusCode = response.status;
        responseBody = response.body;
      } catch (e) {
        error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      }
    }
    const durationMs = Math.round(performance.now() - started);
    const clockNow = await this.clock.now(row.organization_id);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          id: newId('webhookAttempt'),
          delivery_id: deliveryId,
          attempt,
          status_code: statusCode,
          duration_ms: durationMs,
          error,
          // What postJson sends: its own headers and the signature's (a signature is not a secret).
          request_headers: JSON.stringify({ ...sentHeaders(body), ...headers }),
          request_body: body,
          response_body: responseBody,
          created_at: this.clock.realIso(),
        })
        .execute();
      const now = this.clock.realIso();
      const base = { attempts: attempt, last_status_code: statusCode, last_error: error, updated_at: now };
      if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ ...base, status: 'succeeded', delivered_at: now, next_attempt_at: null })
          .where('id', '=', deliveryId)
          .execute();
        return;
      }
      if (statusCode === 410) {
        // The receiver says it is gone for good: stop sending to it.
        await trx
          .updateTable('webhook_endpoints')
          .set({ status: 'disabled', disabled_reason: 'the receiver answered 410 Gone', updated_at: now })
          .where('id', '=', row.endpoint_id)
          .execute();
        await trx
          .updateTable('webhook_deliveries')
          .set({ ...base, status: 'failed', next_attempt_at: null })
          .where('id', '=', deliveryId)
          .execute();
        return;
      }
      const delay = this.settings.retrySchedule[attempt];
      if (delay === undefined) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ ...base, status: 'failed', next_attempt_at: null })
          .where('id', '=', deliveryId)
          .execute();
        return;
      }
      const jittered = delay * (0.9 + Math.random() * 0.2);
      // Still pending: a manual redelivery during this attempt replaced it (service.ts redeliver), and it is not retried.
      const retried = await trx
        .updateTable('webhook_deliveries')
        .set({ ...base, next_attempt_at: isoPlusSeconds(clockNow, jittered) })
        .where('id', '=', deliveryId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(retried.numUpdatedRows) === 0) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ attempts: attempt, last_status_code: statusCode, updated_at: now })
          .where('id', '=', deliveryId)
          .execute();
        return;
      }
      await enqueueJob(
        trx,
        {
          type: DELIVER_JOB,
          payload: { delivery_id: deliveryId },
          delaySeconds: jittered,
          maxAttempts: MAX_DELIVERY_ATTEMPTS,
          organizationId: row.organization_id,
        },
        this.clock,
      );
    });
  }

  private async finish(deliveryId: string, attempts: number, outcome: { status: 'failed'; error: string }): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: outcome.status, last_error: outcome.error, attempts, next_attempt_at: null, updated_at: this.clock.realIso() })
      .where('id', '=', deliveryId)
      .execute();
  }
}
