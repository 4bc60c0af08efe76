/**
 * Request validation with Ajv, reporting every problem (allErrors). Bodies are
 * not type-coerced (a money amount sent as "10" is a string and refused);
 * query strings and path parameters are. Unknown properties are dropped
 * (../shared/API.md: ignored). Bodies that are not JSON are 422, an empty body
 * is an absent body.
 */
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { ApiError } from '../errors/api-error.js';

// ajv-formats is CommonJS; under NodeNext its callable arrives as `.default`.
const addFormats = formatsModule.default;

function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({ allErrors: true, removeAdditional: 'all', useDefaults: true, coerceTypes, strict: false });
  addFormats(ajv);
  return ajv;
}

export function registerValidation(app: FastifyInstance): void {
  const bodyAjv = makeAjv(false);
  const otherAjv = makeAjv('array');
  const compile = (ajv: ReturnType<typeof makeAjv>, schema: AnySchema): ValidateFunction => {
    const id = typeof schema === 'object' && schema && '$id' in schema ? String(schema.$id) : undefined;
    return (id && ajv.getSchema(id)) || ajv.compile(schema);
  };
  app.setValidatorCompiler(({ schema, httpPart }) => compile(httpPart === 'body' ? bodyAjv : otherAjv, schema as AnySchema));

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

  // Fastify's own parser refuses __proto__ and constructor.prototype keys (prototype poisoning).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    parseJson(request, String(body), (error, value) => {
      if (error) return done(ApiError.validation([{ field: '(body)', message: 'is not valid JSON' }], 'The request body is not valid JSON.'));
      done(null, value);
    });
  });
}
