/**
 * One row template per column list, instead of one per result.
 *
 * For every result, pg's `Result.addFields` looks up a parser per column and
 * builds the empty row its rows are copied from: a null-prototype object with
 * one property per column, spread into a plain object (so that a column named
 * `__proto__` stays an own property, and every row has one fixed shape). For
 * the 52 columns of a payment read that is 13–23 µs in a micro-benchmark, and
 * in a CPU profile of the bench's GET /v1/payments/{id} about 10 µs of the
 * server's 263–326 µs per request (docs/benchmarks-history.md, "2026-11-24, startup, pg's row
 * template, and where a GET's time goes"; commit 2303433); yet the template is the same for
 * every result of the same statement.
 *
 * `installRowTemplateCache` keeps pg's behaviour and caches the template by
 * the column names: the parsers are still looked up per result (cheap, and a
 * parser set later applies at once), and rows are still copies of the
 * template (`{ ...template }` in pg's parseRow), so no two rows share state.
 */
import pg from 'pg';

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}

interface TypeSource {
  getTypeParser(oid: number, format?: string): (value: string) => unknown;
}

interface PgResult {
  fields: FieldDescription[];
  _parsers?: Array<(value: string) => unknown>;
  _types?: TypeSource;
  _prebuiltEmptyResultObject?: Record<string, null>;
}

/** Distinct column lists kept; a program's statements have a few hundred at most. */
const MAX_TEMPLATES = 2000;

/** Installs the cache on pg's Result; returns false (and changes nothing) if pg's Result is not the shape this expects. */
export function installRowTemplateCache(): boolean {
  const Result = (pg as unknown as { Result?: { prototype: Record<string, unknown> } }).Result;
  if (!Result || typeof Result.prototype.addFields !== 'function' || typeof Result.prototype.parseRow !== 'function') return false;
  if (Result.prototype.addFields === addFields) return true;
  Result.prototype.addFields = addFields;
  return true;
}

const templates = new Map<string, Record<string, null>>();

function addFields(this: PgResult, fields: FieldDescription[]): void {
  this.fields = fields;
  if (fields.length > 0) this._parsers = new Array<(value: string) => unknown>(fields.length);
  const types: TypeSource = this._types ?? pg.types;
  let key = '';
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    // A NUL cannot be part of a PostgreSQL identifier: the key names one column list only.
    key += `${field.name}\u0000`;
    this._parsers![i] = types.getTypeParser(field.dataTypeID, field.format || 'text');
  }
  let template = templates.get(key);
  if (!template) {
    const row = Object.create(null) as Record<string, null>;
    for (const field of fields) row[field.name] = null;
    template = { ...row };
    if (templates.size < MAX_TEMPLATES) templates.set(key, template);
  }
  this._prebuiltEmptyResultObject = template;
}
