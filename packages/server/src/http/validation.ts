/**
 * Request validation with Ajv, reporting every problem (allErrors). Bodies are
 * not type-coerced (a money amount sent as "10" is a string and refused);
 * query strings and path parameters are. Bodies that are not JSON are 422, an
 * empty body is an absent body.
 *
 * Unknown fields (docs/api-conventions.md "Unknown fields"): by default a body
 * field or a query parameter that the route's schema does not name is dropped
 * before the handler (API.md: unknown request properties are ignored). A request
 * that asks for strict handling (`Prefer: handling=strict`, RFC 7240 4.4; the
 * typed client sends it) gets a `422 validation_failed` entry naming each one,
 * reported with the schema's other problems, so a misspelt field cannot go
 * unnoticed; the answer carries `Preference-Applied: handling=strict`.
 * `strictSchema` gives every object of a route's body and query schema that says
 * nothing about other properties `additionalProperties: false`, once, when the
 * route is added, so the published /openapi.json says what is known; a
 * documented operation without a query schema gets an empty one (no query
 * parameter at all). A route marked `unknownFields: 'ignore'` (the OAuth
 * endpoints, RFC 6749 3.2; the hosted pages a shopper's link opens, whose
 * address may carry tracking parameters) ignores them even under strict handling.
 *
 * Text no database can hold is refused here, once for every route, rather than
 * by each store: a NUL character (PostgreSQL refuses it in text and jsonb) or an
 * unpaired UTF-16 surrogate (not Unicode; the PostgreSQL driver would turn it
 * into U+FFFD, so what was stored would differ from what was sent). In a body or
 * query string it is `422 validation_failed` naming each field, reported with
 * the schema's own problems; in a path parameter it names nothing, so `404
 * not_found`, as for any unknown id. JSON nested deeper than MAX_JSON_DEPTH is
 * refused by the parser (recursive code downstream would overflow the stack).
 *
 * A route's own checks that need no database (`config.checks`, http/checks.ts) run inside its
 * validator, after Ajv, on what Ajv left, whether the schema passed or not: their problems come
 * in the same 422 as the schema's, and a request they refuse never reaches its handler.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyBodyParser, FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { LazyCompiler } from './lazy-compile.js';
import { isLoose, type RequestCheck } from './checks.js';
import { compileOnce, sharedAjvs } from './shared-ajv.js';

/** Deeper JSON is refused (422); the deepest request schema has a handful of levels. */
export const MAX_JSON_DEPTH = 32;

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL and no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

type TextProblem = ErrorObject<'text', Record<string, never>>;
/** A route check's detail as an Ajv-like error: its field is already a dotted name (errors/handler.ts). */
type CheckProblem = ErrorObject<'check', { field: string }>;

const problem = (instancePath: string, message: string): TextProblem => ({ instancePath, keyword: 'text', schemaPath: '#/text', params: {}, message });

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every string (and property name) of a parsed value that cannot be stored, as
 * Ajv-like errors (JSON pointers), so the error handler reports them like
 * schema problems. Iterative: a deep value cannot overflow the stack.
 */
export function unstorableText(root: unknown): TextProblem[] {
  const problems: TextProblem[] = [];
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) problems.push(problem(path, 'must not contain NUL or unpaired surrogate characters'));
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}/${i}`]);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (!isStorableText(key)) {
          problems.push(problem(path, 'has a property name with NUL or unpaired surrogate characters'));
          continue;
        }
        stack.push([child, `${path}/${escapePointer(key)}`]);
      }
    }
  }
  return problems;
}

/** Whether a parsed JSON value nests deeper than `max` arrays or objects. Iterative. */
function deeperThan(root: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Marks a schema made by strictSchema: compiled by the Ajv that keeps (and so refuses) unknown properties. */
const STRICT = Symbol.for('pasarela.strictSchema');

/** Marks a route's body or query schema with the route's check (`config.checks`), read by its validator. */
const CHECK = Symbol.for('pasarela.routeCheck');

type Node = Record<string | symbol, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A copy of a request schema in which every object that does not say what to do with other
 * properties (`additionalProperties`, `patternProperties`) refuses them. Symbol keys (a
 * MoneyInput's mark, read by the idempotency hash) are kept; the route's original schema,
 * which response schemas may share, is not changed. `allOf` branches are left alone (each
 * would refuse the others' properties).
 */
export function strictSchema<T>(schema: T): T {
  const visit = (node: unknown): unknown => {
    if (!isNode(node)) return node;
    const copy: Node = Object.assign({}, node);
    if (isNode(node.properties)) {
      copy.properties = Object.fromEntries(Object.entries(node.properties).map(([key, child]) => [key, visit(child)]));
    }
    const isObject = node.type === 'object' || isNode(node.properties);
    if (isObject && !('additionalProperties' in node) && !('patternProperties' in node)) copy.additionalProperties = false;
    if (isNode(node.items)) copy.items = visit(node.items);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = node[key];
      if (Array.isArray(branches)) copy[key] = branches.map(visit);
    }
    return copy;
  };
  const strict = visit(schema);
  if (isNode(strict)) strict[STRICT] = true;
  return strict as T;
}

/** `Prefer: handling=strict` (RFC 7240 4.4), among other preferences of the header. */
const STRICT_HANDLING = /(?:^|[,;\s])handling\s*=\s*"?strict"?(?:$|[,;\s])/i;

/** No query parameter at all: the query schema of a documented operation that declares none. */
const NO_QUERY = strictSchema({ type: 'object', properties: {} });

/** A route's body schema made strict: one schema, or one per content type (`{content: {type: {schema}}}`). */
function strictBody(body: unknown): unknown {
  if (isNode(body) && isNode(body.content) && !('type' in body)) {
    const content = Object.fromEntries(
      Object.entries(body.content).map(([type, entry]) => [type, isNode(entry) && entry.schema ? { ...entry, schema: strictSchema(entry.schema) } : entry]),
    );
    return { ...body, content };
  }
  return strictSchema(body);
}

/** A route's check of one part of the request, and whether its handler repeats it (http/checks.ts `whenValid`). */
interface MarkedCheck {
  run: RequestCheck;
  whenValid?: 'handler';
}

/** The route check a schema was marked with (below), if any. */
const checkOf = (schema: unknown): MarkedCheck | undefined => (isNode(schema) && isNode(schema[CHECK]) ? (schema[CHECK] as unknown as MarkedCheck) : undefined);

/** A copy of a body or query schema marked with the route's check; a body with one schema per content type marks each. */
function withCheck(schema: unknown, run: RequestCheck | undefined, whenValid: 'handler' | undefined): unknown {
  if (!run || !isNode(schema)) return schema;
  const check: MarkedCheck = { run, ...(whenValid ? { whenValid } : {}) };
  if (isNode(schema.content) && !('type' in schema)) {
    const content = Object.fromEntries(
      Object.entries(schema.content).map(([type, entry]) => [
        type,
        isNode(entry) && isNode(entry.schema) ? { ...entry, schema: { ...entry.schema, [CHECK]: check } } : entry,
      ]),
    );
    return { ...schema, content };
  }
  return { ...schema, [CHECK]: check };
}

export function registerValidation(app: FastifyInstance, lazy: LazyCompiler): void {
  const {
    body: bodyAjv,
    other: otherAjv,
    lenientBody: lenientBodyAjv,
    lenientOther: lenientOtherAjv,
    droppingBody: droppingBodyAjv,
    droppingOther: droppingOtherAjv,
  } = sharedAjvs();
  // Ajv first (on a lenient route it drops unknown properties, so an ignored field is never
  // refused), then the text check on what is left, then the route's check (http/checks.ts) with
  // the request Fastify passes as the parent; every list of problems is reported together.
  const withTextCheck = (validate: ValidateFunction, check?: MarkedCheck): ValidateFunction => {
    const run = ((data: unknown, context?: Parameters<ValidateFunction>[1]): boolean => {
      const valid = validate(data, context);
      const problems: Array<TextProblem | CheckProblem> = unstorableText(data);
      const request = context?.parentData as FastifyRequest | undefined;
      // A check its handler repeats (with the database's) waits for it when nothing else is wrong.
      const deferred = check?.whenValid === 'handler' && valid && problems.length === 0;
      if (check && request && isLoose(data) && !deferred) {
        for (const detail of check.run(data, request))
          problems.push({ instancePath: '', keyword: 'check', schemaPath: '#/check', params: { field: detail.field }, message: detail.message });
      }
      if (valid && problems.length === 0) return true;
      run.errors = [...(valid ? [] : (validate.errors ?? [])), ...problems];
      return false;
    }) as ValidateFunction;
    run.errors = null;
    // Fastify passes the parent object to a function with `schemaEnv` (Ajv's), so coercion can replace a root value.
    return Object.assign(run, { schemaEnv: validate.schemaEnv });
  };
  app.setValidatorCompiler(({ schema, httpPart }) => {
    // Compiled on the route's first request (http/lazy-compile.ts). Unknown properties are
    // dropped here; a request asking for strict handling met the strict check before (below).
    const strict = isNode(schema) && schema[STRICT] === true;
    const ajv = httpPart === 'body' ? (strict ? droppingBodyAjv : lenientBodyAjv) : strict ? droppingOtherAjv : lenientOtherAjv;
    const validate = lazy.validator(() => compileOnce(ajv, schema));
    // Path parameters are checked by the hook below (404, before any other validation).
    return httpPart === 'params' ? validate : withTextCheck(validate, checkOf(schema));
  });

  // A path parameter that cannot be stored names nothing: 404, on every route with parameters.
  const paramsText: preValidationHookHandler = (request, _reply, done) => {
    for (const value of Object.values(request.params as Record<string, unknown>)) {
      if (typeof value === 'string' && !isStorableText(value)) return done(ApiError.notFound());
    }
    done();
  };
  // A route without a schema for its body or query string may still read them: the same text
  // rule, 422 naming every field.
  const rawText =
    (parts: Array<'body' | 'query'>): preValidationHookHandler =>
    (request, _reply, done) => {
      for (const part of parts) {
        const problems = unstorableText(request[part]);
        if (problems.length > 0) return done(Object.assign(new Error('unstorable text'), { validation: problems, validationContext: part }));
      }
      done();
    };
  // Unknown body fields and query parameters named in each route's schemas (see the top of this
  // file). Before the OpenAPI hooks (discovery/openapi.ts), so the document shows the strict schemas.
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.config?.unknownFields === 'ignore') return;
    const { body, querystring } = route.schema;
    const documented = !route.schema.hide;
    if (!body && !querystring && !documented) return;
    route.schema = {
      ...route.schema,
      ...(body ? { body: strictBody(body) } : {}),
      ...(querystring ? { querystring: strictSchema(querystring) } : documented ? { querystring: NO_QUERY } : {}),
    };
  });
  // The route's checks (http/checks.ts), on the schemas its validators compile, strict or not.
  app.addHook('onRoute', (route) => {
    const checks = route.config?.checks;
    if (!checks || !route.schema) return;
    const { body, querystring } = route.schema;
    route.schema = {
      ...route.schema,
      ...(body ? { body: withCheck(body, checks.body, checks.whenValid) } : {}),
      ...(querystring ? { querystring: withCheck(querystring, checks.query, checks.whenValid) } : {}),
    };
  });

  app.addHook('onRoute', (route) => {
    const hooks: preValidationHookHandler[] = [];
    if (/[:*]/.test(route.url)) hooks.push(paramsText);
    const raw = [...(route.schema?.body ? [] : ['body' as const]), ...(route.schema?.querystring ? [] : ['query' as const])];
    if (raw.length > 0) hooks.push(rawText(raw));
    if (hooks.length > 0) route.preValidation = [...hooks, ...[route.preValidation ?? []].flat()];
  });

  // No body at all is an empty object: optional-only bodies (capture) pass, and
  // required fields are each reported as missing rather than "body must be object".
  // Added to the routes with a body schema only, so other routes pay nothing for it.
  const emptyBody: preValidationHookHandler = (request, _reply, done) => {
    if (request.body === undefined) request.body = {};
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) route.preValidation = [emptyBody, ...[route.preValidation ?? []].flat()];
  });

  // `Prefer: handling=strict`: the request's body and query checked by the Ajv that keeps (and
  // so refuses) unknown properties, compiled on the first such request, after the empty-body
  // hook; the default path never runs it. Its problems are the whole 422, the others included.
  const strictValidators = new WeakMap<object, ValidateFunction>();
  const strictValidator = (schema: Node, ajv: Ajv): ValidateFunction => {
    let validate = strictValidators.get(schema);
    if (!validate) {
      validate = withTextCheck(compileOnce(ajv, schema), checkOf(schema));
      strictValidators.set(schema, validate);
    }
    return validate;
  };
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || route.config?.unknownFields === 'ignore') return;
    const parts: Array<['body' | 'query', 'body' | 'querystring', Ajv]> = [];
    if (isNode(schema.body) && schema.body[STRICT] === true) parts.push(['body', 'body', bodyAjv]);
    if (isNode(schema.querystring) && schema.querystring[STRICT] === true) parts.push(['query', 'querystring', otherAjv]);
    if (parts.length === 0) return;
    const strictUnknown: preValidationHookHandler = (request, reply, done) => {
      const prefer = request.headers.prefer;
      if (prefer === undefined || !STRICT_HANDLING.test(String(prefer))) return done();
      reply.header('Preference-Applied', 'handling=strict');
      for (const [part, key, ajv] of parts) {
        const validate = strictValidator(schema[key] as Node, ajv);
        // With the request as the parent, as Fastify passes it: the route's check reads it.
        const data = request[part] as Record<string, unknown>;
        const parentData = request as unknown as Record<string, unknown>;
        if (!validate(data, { instancePath: '', parentData, parentDataProperty: part, rootData: data, dynamicAnchors: {} }))
          return done(
            Object.assign(new Error('validation failed'), { validation: validate.errors, validationContext: part === 'body' ? 'body' : 'querystring' }),
          );
      }
      done();
    };
    route.preValidation = [...[route.preValidation ?? []].flat(), strictUnknown];
  });

  // Fastify's own parser refuses __proto__ and constructor.prototype keys (prototype poisoning).
  // It is the callback form: its declared type also admits a parser that returns a promise.
  const parseJson = app.getDefaultJsonParser('error', 'error') as Exclude<FastifyBodyParser<string>, (request: never, body: never) => Promise<unknown>>;
  app.removeContentTypeParser('application/json');
  // Fastify reads text/plain as a string by default: no route takes one, so it is refused like any
  // content type without a parser (errors/handler.ts: 422 naming the types the route takes).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    parseJson(request, String(body), (error, value) => {
      if (error) return done(ApiError.validation([{ field: '(body)', message: 'is not valid JSON' }], 'The request body is not valid JSON.'));
      if (deeperThan(value, MAX_JSON_DEPTH)) {
        return done(
          ApiError.validation(
            [{ field: '(body)', message: `must not nest more than ${MAX_JSON_DEPTH} levels deep` }],
            'The request body is nested too deeply.',
          ),
        );
      }
      done(null, value);
    });
  });
}
