/**
 * Tokenization and the instrument lifecycle (spec 4.3): encrypted form (five
 * RSA-OAEP fields) or, for PCI DSS SAQ D clients, the direct form; rules of
 * cards/rules.ts; de-duplication by keyed fingerprint; numbers sealed in the
 * vault. The CVV is checked and forgotten: it is never stored or logged.
 */
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { Principal } from '../http/principal.js';
import { objectOf, textOf, type Loose } from '../http/checks.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import type { ListQuery, Page } from '../http/pagination.js';
import { Secret } from '../crypto/secret.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import { lookupBin } from '../cards/bins.js';
import { cvvLengthOf, validateCard, type ClearCard, type ValidCard } from '../cards/rules.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';
import type { CardData } from '../connectors/card-network/connector.js';
import type { Vault } from './vault.js';
import type { CreateInstrument, Instrument, InstrumentWithNumber, UpdateInstrument } from './schemas.js';
import { recordEvent } from '../events/store.js';
import { findActiveByFingerprint, findInstrument, insertInstrument, instrumentRead, listInstruments, updateInstrument, type InstrumentRow } from './store.js';
import type { Read } from '../db/prepared.js';
import { metadataColumn, metadataOf, type Metadata } from '../lib/metadata.js';
import { indexMetadata, reindexMetadata } from '../db/metadata-index.js';

/** A validated card read; the CVV (rarely present) is never stored. */
export interface CardReadResult {
  card: ValidCard;
  cvv: Secret | undefined;
}

/** The encrypted fields of a card read at a terminal; the CVV is optional there. */
export interface CardReadFields {
  encrypted_number?: string;
  encrypted_expiration_month?: string;
  encrypted_expiration_year?: string;
  encrypted_holder_name?: string;
  encrypted_cvv?: string;
}

const ENCRYPTED_FIELDS = {
  number: 'encrypted_number',
  expirationMonth: 'encrypted_expiration_month',
  expirationYear: 'encrypted_expiration_year',
  holderName: 'encrypted_holder_name',
  cvv: 'encrypted_cvv',
} as const satisfies Record<keyof ClearCard, keyof CreateInstrument>;

const DIRECT_FIELDS: Record<keyof ClearCard, string> = {
  number: 'card.number',
  expirationMonth: 'card.expiration_month',
  expirationYear: 'card.expiration_year',
  holderName: 'card.holder_name',
  cvv: 'card.cvv',
};

/** What makes the instrument a payment names (the rows of paymentInstrumentRead) unusable, if anything. */
export function instrumentProblem([instrument]: readonly InstrumentRow[]): ErrorDetail | undefined {
  if (!instrument) return { field: 'instrument_id', message: 'no such instrument' };
  if (instrument.status !== 'ACTIVE') return { field: 'instrument_id', message: 'the instrument was deleted' };
  return undefined;
}

/** Clear card data from a client the operator did not mark PCI DSS SAQ D: 403, whatever the card. */
export function directCardForbidden(): ApiError {
  return new ApiError('forbidden', 'Direct tokenization (`card`) is only for clients certified PCI DSS SAQ D; send the encrypted_* fields.');
}

export class InstrumentService {
  constructor(
    private readonly db: Db,
    private readonly keys: EncryptionKeyService,
    private readonly vault: Vault,
    private readonly clock: RealClock,
  ) {}

  async view(row: InstrumentRow): Promise<Instrument> {
    const { bin, card_type, issuer, country } = await lookupBin(this.db, row.bin);
    return {
      id: row.id,
      type: 'CARD',
      status: row.status,
      card: {
        last_four_digits: row.last_four,
        bin_data: { bin, card_brand: row.brand, card_type, issuer, country },
        expiration_month: Number(row.exp_month),
        expiration_year: Number(row.exp_year),
        holder_name: row.holder_name,
      },
      metadata: metadataOf(row.metadata),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /**
   * The problems of a card to tokenize that need no database (the route's check, http/checks.ts;
   * tokenize's own for its other callers): in the encrypted form, each missing field; in the direct
   * form (`card`, for a PCI DSS SAQ D client; any other gets 403 from tokenize), the card's rules,
   * on the fields of the right type (the schema names the others).
   */
  tokenizeProblems(body: Loose, principal: Principal | null): ErrorDetail[] {
    const card = objectOf(body, 'card');
    if (card) {
      if (!principal?.pciSaqD) return [];
      const text = (key: string) => textOf(card, key) ?? '';
      const clear = {
        number: text('number'),
        expirationMonth: text('expiration_month'),
        expirationYear: text('expiration_year'),
        holderName: text('holder_name'),
        cvv: text('cvv'),
      };
      return validateCard(clear, DIRECT_FIELDS, new Date(this.clock.realNow())).errors;
    }
    if (body.card !== undefined) return [];
    return Object.values(ENCRYPTED_FIELDS)
      .filter((field) => !body[field])
      .map((field) => ({ field, message: 'is required' }));
  }

  /** Decrypts the five encrypted fields (naming each missing or undecryptable one). */
  private async decryptFields(organizationId: string, body: CreateInstrument): Promise<ClearCard> {
    const names = Object.values(ENCRYPTED_FIELDS);
    const missing = this.tokenizeProblems(body, null);
    if (missing.length > 0) throw ApiError.validation(missing);
    const clear = await this.keys.decrypt(
      organizationId,
      names.map((f) => body[f]!),
    );
    const failed = names.filter((_, i) => clear[i] === undefined);
    if (failed.length > 0) {
      throw ApiError.validation(failed.map((field) => ({ field, message: "could not be decrypted with this organization's encryption keys" })));
    }
    const [number, expirationMonth, expirationYear, holderName, cvv] = clear as string[];
    return { number: number!, expirationMonth: expirationMonth!, expirationYear: expirationYear!, holderName: holderName!, cvv: cvv! };
  }

  /**
   * `browserOrigin`: the checkout session or link whose browser sent the card
   * (a checkout session's principal names its own). Such a card always gets an
   * instrument of its own: a browser credential never changes an instrument it
   * did not create, nor learns that the organization already holds the card.
   */
  async tokenize(principal: Principal, body: CreateInstrument, options: { browserOrigin?: string } = {}): Promise<Instrument> {
    const organizationId = principal.organizationId;
    let clear: ClearCard;
    let fields: Record<keyof ClearCard, string>;
    if (body.card) {
      if (!principal.pciSaqD) throw directCardForbidden();
      const c = body.card;
      clear = { number: c.number, expirationMonth: c.expiration_month, expirationYear: c.expiration_year, holderName: c.holder_name, cvv: c.cvv };
      fields = DIRECT_FIELDS;
    } else {
      clear = await this.decryptFields(organizationId, body);
      fields = ENCRYPTED_FIELDS;
    }
    const { card, errors } = validateCard(clear, fields, new Date(this.clock.realNow()));
    if (!card) throw ApiError.validation(errors);
    const browserOrigin = options.browserOrigin ?? principal.checkoutSession?.id ?? null;
    return this.view(await this.store(organizationId, card, browserOrigin, body.metadata));
  }

  /**
   * Same card in the same organization, from the merchant's server: the same
   * instrument, with expiry and holder brought up to date. From a browser
   * (`browserOrigin` set): always a new instrument, merged with none.
   * `metadata`, when sent, is the instrument's (replacing the pairs of the same card's instrument).
   */
  private async store(organizationId: string, card: ValidCard, browserOrigin: string | null = null, metadata?: Metadata): Promise<InstrumentRow> {
    const number = new Secret(card.number);
    const fingerprint = await this.vault.fingerprint(organizationId, number);
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = this.clock.realIso();
      const existing = browserOrigin === null ? await findActiveByFingerprint(this.db, organizationId, fingerprint) : undefined;
      if (existing) {
        const changes = {
          exp_month: card.expMonth,
          exp_year: card.expYear,
          holder_name: card.holderName,
          updated_at: now,
          ...(metadata ? { metadata: metadataColumn(metadata) } : {}),
        };
        if (metadata) {
          await this.db.transaction().execute(async (trx) => {
            await updateInstrument(trx, existing.id, changes);
            await reindexMetadata(trx, organizationId, 'instrument', existing.id, metadata);
          });
        } else await updateInstrument(this.db, existing.id, changes);
        return { ...existing, ...changes };
      }
      const id = newId('instrument');
      const row: InstrumentRow = {
        id,
        organization_id: organizationId,
        type: 'CARD',
        status: 'ACTIVE',
        fingerprint,
        number_sealed: await this.vault.sealNumber(organizationId, id, number),
        brand: card.brand,
        // PCI DSS allows the first 8 digits of 16+ digit numbers to be kept in clear, 6 otherwise.
        bin: card.number.slice(0, card.number.length >= 16 ? 8 : 6),
        last_four: card.number.slice(-4),
        exp_month: card.expMonth,
        exp_year: card.expYear,
        holder_name: card.holderName,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        metadata: metadataColumn(metadata),
        browser_origin: browserOrigin,
      };
      try {
        if (row.metadata) {
          await this.db.transaction().execute(async (trx) => {
            await insertInstrument(trx, row);
            await indexMetadata(trx, organizationId, 'instrument', id, metadata);
          });
        } else await insertInstrument(this.db, row);
        return row;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error; // the same card, tokenized at the same moment: take that one
      }
    }
    throw new ApiError('conflict', 'The card is being tokenized by another request; retry.');
  }

  /**
   * A card read at a terminal (card-present payments, card-present/): the
   * encrypted fields of POST /v1/instruments under `prefix` (e.g. `card.`),
   * the CVV optional (chip, contactless and swipe reads have none). Decrypts
   * and validates only, naming each bad field; nothing is stored.
   */
  async readCard(organizationId: string, read: CardReadFields, prefix: string): Promise<{ read: CardReadResult } | { errors: ErrorDetail[] }> {
    const required = ['encrypted_number', 'encrypted_expiration_month', 'encrypted_expiration_year', 'encrypted_holder_name'] as const;
    const missing = required.filter((f) => !read[f]);
    if (missing.length > 0) return { errors: missing.map((f) => ({ field: prefix + f, message: 'is required' })) };
    const names = [...required, ...(read.encrypted_cvv ? (['encrypted_cvv'] as const) : [])];
    const clear = await this.keys.decrypt(
      organizationId,
      names.map((f) => read[f]!),
    );
    const failed = names.filter((_, i) => clear[i] === undefined);
    if (failed.length > 0)
      return { errors: failed.map((f) => ({ field: prefix + f, message: "could not be decrypted with this organization's encryption keys" })) };
    const [number, expirationMonth, expirationYear, holderName, cvv = ''] = clear as string[];
    const fields = Object.fromEntries(Object.entries(ENCRYPTED_FIELDS).map(([k, f]) => [k, prefix + f])) as Record<keyof ClearCard, string>;
    const { card, errors } = validateCard(
      { number: number!, expirationMonth: expirationMonth!, expirationYear: expirationYear!, holderName: holderName!, cvv },
      fields,
      new Date(this.clock.realNow()),
      { cvvOptional: true },
    );
    if (!card) return { errors };
    return { read: { card, cvv: cvv ? new Secret(cvv) : undefined } };
  }

  /**
   * Stores a card read like a tokenized card (the same card gives the same
   * instrument), so its payment names an instrument as every card payment does.
   */
  async instrumentForRead(organizationId: string, read: CardReadResult): Promise<{ instrument: InstrumentRow; card: CardData }> {
    const { card, cvv } = read;
    const instrument = await this.store(organizationId, card);
    return {
      instrument,
      card: { number: new Secret(card.number), ...(cvv ? { cvv } : {}), expMonth: card.expMonth, expYear: card.expYear, holderName: card.holderName },
    };
  }

  async get(organizationId: string, id: string): Promise<Instrument> {
    return this.view(await this.row(organizationId, id));
  }

  /**
   * The instrument with its full number (GET /v1/instruments/{id}?include=number;
   * the route checked instruments:read-sensitive-data): only for a PCI DSS SAQ D
   * client. The read is recorded first (event `instrument.number_revealed`) and
   * logged, both without the number; no record, no number.
   */
  async reveal(principal: Principal, id: string, context: { requestId: string; log: { info(obj: object, msg: string): void } }): Promise<InstrumentWithNumber> {
    const row = await this.row(principal.organizationId, id);
    if (!principal.pciSaqD) {
      throw new ApiError('forbidden', 'Full card numbers are only shown to clients the operator marked PCI DSS SAQ D.');
    }
    if (row.status !== 'ACTIVE') throw new ApiError('conflict', "A deleted instrument's number is not shown.");
    const number = await this.vault.openNumber(principal.organizationId, row.id, row.number_sealed);
    const data = { instrument_id: row.id, last_four_digits: row.last_four, client_id: principal.clientId, request_id: context.requestId };
    const eventId = await this.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, principal.organizationId, 'instrument.number_revealed', { ...data, metadata: metadataOf(row.metadata) }, undefined, this.clock),
      );
    context.log.info({ audit: 'instrument.number_revealed', event_id: eventId, organization_id: principal.organizationId, ...data }, 'card number revealed');
    const view = await this.view(row);
    return { ...view, card: { ...view.card, number: number.reveal() } };
  }

  private async row(organizationId: string, id: string): Promise<InstrumentRow> {
    const row = await findInstrument(this.db, organizationId, id);
    if (!row) throw ApiError.notFound('instrument');
    return row;
  }

  async list(organizationId: string, params: ListQuery & { metadata?: Metadata }): Promise<Page<Instrument>> {
    const page = await listInstruments(this.db, organizationId, params);
    return { data: await Promise.all(page.data.map((r) => this.view(r))), has_more: page.has_more };
  }

  async update(organizationId: string, id: string, body: UpdateInstrument): Promise<Instrument> {
    const row = await this.row(organizationId, id);
    if (row.status !== 'ACTIVE') throw new ApiError('conflict', 'A deleted instrument cannot be changed.');
    const month = body.expiration_month ?? Number(row.exp_month);
    const year = body.expiration_year ?? Number(row.exp_year);
    const errors: ErrorDetail[] = [];
    if (Date.UTC(year, month, 1) <= this.clock.realNow())
      errors.push({ field: body.expiration_year ? 'expiration_year' : 'expiration_month', message: 'the card has expired' });
    if (errors.length) throw ApiError.validation(errors);
    const changes = {
      exp_month: month,
      exp_year: year,
      holder_name: body.holder_name?.trim().replace(/\s+/g, ' ') ?? row.holder_name,
      updated_at: this.clock.realIso(),
      metadata: body.metadata ? metadataColumn(body.metadata) : row.metadata,
    };
    const { metadata } = body;
    if (metadata) {
      await this.db.transaction().execute(async (trx) => {
        await updateInstrument(trx, id, changes);
        await reindexMetadata(trx, organizationId, 'instrument', id, metadata);
      });
    } else await updateInstrument(this.db, id, changes);
    return this.view({ ...row, ...changes });
  }

  async delete(organizationId: string, id: string): Promise<Instrument> {
    const row = await this.row(organizationId, id);
    if (row.status === 'DELETED') return this.view(row);
    const now = this.clock.realIso();
    await updateInstrument(this.db, id, { status: 'DELETED', deleted_at: now, updated_at: now });
    return this.view({ ...row, status: 'DELETED', deleted_at: now, updated_at: now });
  }

  /** The instrument a payment names, as a read not yet run (db/prepared.ts, readTogether); its rows go to cardForPayment. */
  paymentInstrumentRead(organizationId: string, instrumentId: string): Read<InstrumentRow> {
    return instrumentRead(this.db, organizationId, instrumentId);
  }

  /**
   * The card of an instrument for the authorization that follows a 3-D Secure
   * challenge (payments/authentication.ts): the CVV the payment carried was
   * never stored, so the network gets the authentication's result instead.
   * Undefined when the instrument was deleted meanwhile.
   */
  async cardWithoutCvv(organizationId: string, instrumentId: string): Promise<CardData | undefined> {
    const instrument = await findInstrument(this.db, organizationId, instrumentId);
    if (!instrument || instrument.status !== 'ACTIVE') return undefined;
    return {
      number: await this.vault.openNumber(organizationId, instrument.id, instrument.number_sealed),
      expMonth: Number(instrument.exp_month),
      expYear: Number(instrument.exp_year),
      holderName: instrument.holder_name,
    };
  }

  /**
   * The card for a charge: the active instrument (the rows of paymentInstrumentRead)
   * plus a CVV of the right length, or 422 naming the field.
   */
  async cardForPayment(organizationId: string, [instrument]: readonly InstrumentRow[], cvv: string): Promise<{ instrument: InstrumentRow; card: CardData }> {
    const problem = instrumentProblem(instrument ? [instrument] : []);
    if (problem || !instrument) throw ApiError.validation(problem ? [problem] : []);
    const length = cvvLengthOf(instrument.brand as ValidCard['brand']);
    if (!new RegExp(`^\\d{${length}}$`).test(cvv)) throw ApiError.validation([{ field: 'encrypted_cvv', message: `must encrypt a CVV of ${length} digits` }]);
    return {
      instrument,
      card: {
        number: await this.vault.openNumber(organizationId, instrument.id, instrument.number_sealed),
        cvv: new Secret(cvv),
        expMonth: Number(instrument.exp_month),
        expYear: Number(instrument.exp_year),
        holderName: instrument.holder_name,
      },
    };
  }
}
