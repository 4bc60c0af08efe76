/**
 * The Ajv instances of the request validators (http/validation.ts), one set per process and
 * shared by every gateway it builds, with what they compiled kept by schema text: a route's
 * validator is compiled once per process. A route's schema is often built where its routes are
 * registered, so it is a new object in each gateway with the same text, and Ajv's own cache is
 * by object. The test suite builds hundreds of gateways in one process, and compiling their
 * validators again took about a tenth of its CPU.
 */
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its callable arrives as `.default`.
const addFormats = formatsModule.default;

/**
 * `dropUnknown`: `'all'` drops every property a schema does not name (the routes whose schemas are
 * left as written); `true` only those of objects with `additionalProperties: false` (the schemas
 * strictSchema made: a `metadata` record keeps its keys).
 */
function makeAjv(coerceTypes: boolean | 'array', dropUnknown: boolean | 'all'): Ajv {
  const ajv = new Ajv({ allErrors: true, removeAdditional: dropUnknown, useDefaults: true, coerceTypes, strict: false });
  addFormats(ajv);
  return ajv;
}

function makeAjvs() {
  return {
    body: makeAjv(false, false),
    other: makeAjv('array', false),
    // The routes marked `unknownFields: 'ignore'`: unknown properties dropped before the handler.
    lenientBody: makeAjv(false, 'all'),
    lenientOther: makeAjv('array', 'all'),
    // The strict schemas' lenient validation: what they do not name is dropped, a record is kept.
    droppingBody: makeAjv(false, true),
    droppingOther: makeAjv('array', true),
  };
}

let shared: ReturnType<typeof makeAjvs> | undefined;

/** The process's Ajv instances, made on first use. */
export function sharedAjvs(): ReturnType<typeof makeAjvs> {
  shared ??= makeAjvs();
  return shared;
}

/** The validators each Ajv compiled, by schema text. */
const compiledByText = new WeakMap<Ajv, Map<string, ValidateFunction>>();

/** `schema` compiled by `ajv`, or what it compiled before for the same `$id` or the same text. */
export function compileOnce(ajv: Ajv, schema: AnySchema): ValidateFunction {
  const id = typeof schema === 'object' && '$id' in schema ? String(schema.$id) : undefined;
  const known = id && ajv.getSchema(id);
  if (known) return known;
  let byText = compiledByText.get(ajv);
  if (!byText) compiledByText.set(ajv, (byText = new Map<string, ValidateFunction>()));
  const text = JSON.stringify(schema);
  let validate = byText.get(text);
  if (!validate) byText.set(text, (validate = ajv.compile(schema)));
  return validate;
}
