/**
 * Payment links and card-enrollment links (spec 4.6, 4.3, link states of
 * section 3). A link is created, opened on first view, used when paid (a
 * multi-use link when its last use is paid) and expired after expires_at (a
 * job, and a check on every view). A use is reserved with a compare-and-set
 * on `uses`, so two shoppers racing for the last use cannot both pay.
 */
import { metadataColumn, metadataOf, type Metadata } from '../lib/metadata.js';
import { indexMetadata, whereMetadata } from '../db/metadata-index.js';
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { LinksTable } from '../db/schema.js';
import type { Keyring } from '../crypto/keyring.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { recordEvent } from '../events/store.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { BRIEF_JOB_ATTEMPTS, enqueueJob } from '../jobs/store.js';
import { minorToNumber } from '../lib/money.js';
import { newId } from '../lib/ids.js';
import { isoPlusSeconds } from '../lib/time.js';
import { clockAt, type Clock } from '../clock/clock.js';
import type { UrlPolicy } from '../webhooks/url-guard.js';
import type { Loose } from '../http/checks.js';
import { readEnrollment, readPaymentLink, type PaymentLinkData, type PaymentLinkReading } from './rules.js';
import type { CreateEnrollment, CreatePaymentLink, LinkView } from './schemas.js';

export type LinkRow = Selectable<LinksTable>;
export const LINK_JOBS = { expire: 'link.expire', enrollmentCallback: 'enrollment.callback' } as const;

export type { PaymentLinkData } from './rules.js';

export interface EnrollmentLinkData {
  webhook: string;
  /** Origins that may frame the form and receive its postMessage; none: not frameable. */
  allowed_origins?: string[];
  style: NonNullable<NonNullable<CreateEnrollment['metadata']>['styleConfig']>;
  instrument_id?: string;
}

export class LinkService {
  constructor(
    readonly db: Db,
    private readonly keyring: Keyring,
    private readonly options: { publicBaseUrl: string; webhookPolicy: UrlPolicy; minAmount?: Record<string, number> },
    /** The sandbox timers' clock: expires_at is in the organization's time. */
    private readonly clock: Clock,
  ) {}

  /** The floor of a custom amount in `currency` (LINK_MIN_AMOUNT), in minor units. */
  floor(currency: string): number {
    return this.options.minAmount?.[currency] ?? 1;
  }

  /** The lowest amount a custom-amount link takes now: its min_amount, raised to today's floor. */
  minimum(data: PaymentLinkData): number {
    return Math.max(data.min_amount ?? 0, this.floor(data.currency));
  }

  url(row: Pick<LinkRow, 'type' | 'token'>): string {
    return `${this.options.publicBaseUrl}/${row.type === 'payment' ? 'l' : 'e'}/${row.token}`;
  }

  async view(row: LinkRow): Promise<LinkView> {
    const payments = await this.db.selectFrom('link_payments').select(['payment_id', 'status']).where('link_id', '=', row.id).orderBy('created_at').execute();
    const paid = payments.filter((p) => p.status === 'paid');
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const publicData: Record<string, unknown> = { ...data };
    delete publicData.instrument_id;
    // Amounts are kept in minor units; the API speaks major units (as in the request).
    if (row.type === 'payment') {
      const d = data as unknown as PaymentLinkData;
      for (const key of ['amount', 'min_amount', 'max_amount'] as const) {
        if (typeof d[key] === 'number') publicData[key] = minorToNumber(d[key], d.currency);
      }
    }
    const view: LinkView = {
      id: row.id,
      url: this.url(row),
      type: row.type,
      status: row.status,
      expires_at: row.expires_at,
      multi_use: Number(row.multi_use) === 1,
      max_uses: Number(row.max_uses ?? 1),
      uses: Number(row.uses),
      payments,
      data: publicData,
      created_at: row.created_at,
      updated_at: row.updated_at,
      metadata: metadataOf(row.metadata),
    };
    if (paid.length > 0) view.payment_id = paid.at(-1)!.payment_id;
    if (typeof data.instrument_id === 'string') view.instrument_id = data.instrument_id;
    return view;
  }

  /** A payment link's body read and checked without the database (links/rules.ts): the route's check, and createPaymentLink's. */
  readPaymentLink(body: Loose): PaymentLinkReading {
    return readPaymentLink(body, (currency) => this.floor(currency));
  }

  /** An enrollment link's problems that need no database, and its allowed origins (links/rules.ts). */
  readEnrollment(body: Loose): { details: ErrorDetail[]; origins: string[] } {
    return readEnrollment(body, this.options.webhookPolicy);
  }

  async createPaymentLink(organizationId: string, body: CreatePaymentLink): Promise<LinkView> {
    const { details, data, expiresIn, multiUse, maxUses } = this.readPaymentLink(body);
    if (details.length > 0) throw ApiError.validation(details);
    return this.insert(organizationId, { type: 'payment', data, expiresIn, multiUse, maxUses, apiKey: undefined, metadata: body.metadata });
  }

  async createEnrollment(organizationId: string, body: CreateEnrollment): Promise<LinkView> {
    const { details, origins } = this.readEnrollment(body);
    if (details.length > 0) throw ApiError.validation(details);
    const data: EnrollmentLinkData = { webhook: body.data.webhook, style: body.metadata?.styleConfig ?? {} };
    if (origins.length > 0) data.allowed_origins = [...new Set(origins)];
    return this.insert(organizationId, { type: 'card_enrollment', data, expiresIn: body.expires_in, multiUse: false, maxUses: 1, apiKey: body.data.api_key });
  }

  private async insert(
    organizationId: string,
    link: { type: LinkRow['type']; data: object; expiresIn: number; multiUse: boolean; maxUses: number; apiKey: string | undefined; metadata?: Metadata },
  ): Promise<LinkView> {
    const now = this.clock.realIso();
    const id = newId('link');
    const row: LinkRow = {
      id,
      organization_id: organizationId,
      type: link.type,
      status: 'created',
      token: randomBytes(18).toString('base64url'),
      data: JSON.stringify(link.data),
      api_key_sealed: link.apiKey ? this.keyring.seal(link.apiKey, `link_api_key:${id}`) : null,
      multi_use: link.multiUse ? 1 : 0,
      max_uses: link.maxUses,
      uses: 0,
      // In the organization's (sandbox) time, from the same instant as created_at.
      expires_at: isoPlusSeconds(Date.parse(now) + (await this.clock.offsetMs(organizationId)), link.expiresIn),
      opened_at: null,
      used_at: null,
      created_at: now,
      updated_at: now,
      metadata: metadataColumn(link.metadata),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('links').values(row).execute();
      await indexMetadata(trx, organizationId, 'link', id, link.metadata);
      // A view expires a link past its time too, but only the job tells a merchant who does not look (link.expired):
      // it keeps trying while the database fails it.
      await enqueueJob(trx, { type: LINK_JOBS.expire, payload: { link_id: id }, delaySeconds: link.expiresIn, organizationId }, clockAt(now));
    });
    return this.view(row);
  }

  apiKey(row: LinkRow): string {
    return this.keyring.open(row.api_key_sealed!, `link_api_key:${row.id}`).toString('utf8');
  }

  async get(organizationId: string, id: string): Promise<LinkView> {
    const row = await this.db.selectFrom('links').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('link');
    return this.view(await this.expireIfDue(row));
  }

  async list(organizationId: string, params: ListQuery & { type?: string; metadata?: Metadata }): Promise<Page<LinkView>> {
    let query = this.db.selectFrom('links').selectAll().where('organization_id', '=', organizationId);
    if (params.type) query = query.where('type', '=', params.type as LinkRow['type']);
    query = whereMetadata(query, this.db, 'id', organizationId, 'link', params.metadata);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'link' }, params);
    return { data: await Promise.all(page.data.map((r) => this.expireIfDue(r).then((x) => this.view(x)))), has_more: page.has_more };
  }

  byToken(token: string): Promise<LinkRow | undefined> {
    return this.db.selectFrom('links').selectAll().where('token', '=', token).executeTakeFirst();
  }

  /**
   * A payment link past expires_at and not used is expired now (the job does
   * the same at expiry; views must not wait for it). Enrollment links have no
   * expired state (spec section 3): their form checks expires_at itself.
   */
  async expireIfDue(row: LinkRow): Promise<LinkRow> {
    if (row.type !== 'payment' || row.status === 'used' || row.status === 'expired') return row;
    if (row.expires_at > (await this.clock.nowIso(row.organization_id))) return row;
    await this.expire(row.id);
    return (await this.db.selectFrom('links').selectAll().where('id', '=', row.id).executeTakeFirst())!;
  }

  /** Past expires_at, in the organization's (sandbox) time. */
  async pastExpiry(row: LinkRow): Promise<boolean> {
    return row.expires_at <= (await this.clock.nowIso(row.organization_id));
  }

  async expire(id: string): Promise<void> {
    const link = await this.db.selectFrom('links').select('organization_id').where('id', '=', id).executeTakeFirst();
    if (!link) return;
    const clockNow = await this.clock.nowIso(link.organization_id);
    const now = this.clock.realIso();
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('links')
        .set({ status: 'expired', updated_at: now })
        .where('id', '=', id)
        .where('type', '=', 'payment')
        .where('status', 'in', ['created', 'opened'])
        .where('expires_at', '<=', clockNow)
        // A shopper's payment in flight through the link holds a use (a cash reference lives 72 hours, a link
        // at most 24): the link is not expired under it. Its end expires the link if it was not paid (outcomes.ts).
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('link_payments').select('link_id').whereRef('link_id', '=', 'links.id').where('status', '=', 'reserved'))),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return;
      const row = (await trx.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirst())!;
      await recordEvent(
        trx,
        row.organization_id,
        'link.expired',
        { link: { id, status: 'expired', expires_at: row.expires_at, metadata: metadataOf(row.metadata) } },
        undefined,
        clockAt(now),
      );
    });
  }

  /** First view: created -> opened. */
  async open(row: LinkRow): Promise<void> {
    if (row.status !== 'created') return;
    const now = this.clock.realIso();
    await this.db
      .updateTable('links')
      .set({ status: 'opened', opened_at: now, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'created')
      .execute();
  }

  /** Reserves one use for a payment attempt; false when the link is used up, expired, or was raced to its last use. */
  async reserveUse(row: LinkRow): Promise<boolean> {
    const now = this.clock.realIso();
    const clockNow = await this.clock.nowIso(row.organization_id);
    const result = await this.db
      .updateTable('links')
      .set({ uses: sql`uses + 1`, updated_at: now })
      .where('id', '=', row.id)
      .where('status', 'in', ['created', 'opened'])
      .where('expires_at', '>', clockNow)
      .where(sql<boolean>`uses < coalesce(max_uses, 1)`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The enrollment form saved a card: the link is used, and the merchant's webhook is called (with retries). */
  async completeEnrollment(row: LinkRow, instrumentId: string): Promise<boolean> {
    const now = this.clock.realIso();
    const clockNow = await this.clock.nowIso(row.organization_id);
    return this.db.transaction().execute(async (trx) => {
      const data = { ...(JSON.parse(row.data) as EnrollmentLinkData), instrument_id: instrumentId };
      const result = await trx
        .updateTable('links')
        .set({ status: 'used', uses: 1, used_at: now, updated_at: now, data: JSON.stringify(data) })
        .where('id', '=', row.id)
        .where('status', 'in', ['created', 'opened'])
        .where('expires_at', '>', clockNow)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      // Retried with backoff; a test clock advance runs the retries that fall due (clock/).
      await enqueueJob(
        trx,
        {
          type: LINK_JOBS.enrollmentCallback,
          payload: { link_id: row.id, instrument_id: instrumentId },
          maxAttempts: BRIEF_JOB_ATTEMPTS,
          organizationId: row.organization_id,
        },
        clockAt(now),
      );
      return true;
    });
  }

  async attach(db: Executor, linkId: string, paymentId: string, kind: 'card' | 'apm'): Promise<void> {
    await db
      .insertInto('link_payments')
      .values({ link_id: linkId, payment_id: paymentId, kind, status: 'reserved', created_at: this.clock.realIso() })
      .execute();
  }
}
