/**
 * Route schemas compiled on a route's first use instead of at startup.
 *
 * Fastify compiles every route's validators (Ajv) and response serializers
 * (fast-json-stringify) when the app becomes ready: for the gateway's routes
 * that was about half a second of CPU at every start (most of a start's work,
 * measured with a CPU profile), paid by every process of a deployment, every
 * CLI start and every test gateway, although a process serves a few routes
 * most of the time. Compiled lazily, a route's first request pays a few
 * milliseconds once and later requests run the same compiled function.
 *
 * A schema that does not compile would then fail at its first request (500)
 * instead of at startup: `compileAll` compiles every pending one, and a test
 * runs it over all routes (test/openapi-platform.test.ts).
 */
import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { ValidateFunction } from 'ajv';

/** Serializers built so far in this process, by shared schemas, options and response schema (as text). */
const serializers = new Map<string, Serializer>();

export class LazyCompiler {
  private readonly pending = new Set<() => unknown>();

  /** `build` run once, on the first call (or by compileAll); the result is kept. */
  private once<T>(build: () => T): () => T {
    let built: { value: T } | undefined;
    const compile = () => {
      if (built) return built.value;
      this.pending.delete(compile);
      built = { value: build() };
      return built.value;
    };
    this.pending.add(compile);
    return compile;
  }

  /** A validator that compiles on its first call; `.errors` follows the compiled one's. */
  validator(build: () => ValidateFunction): ValidateFunction {
    const compiled = this.once(build);
    const lazy = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
      const validate = compiled();
      const valid = validate(data, context);
      lazy.errors = validate.errors;
      return valid;
    }) as ValidateFunction;
    lazy.errors = null;
    // Fastify passes the parent object to a validator with `schemaEnv` (as Ajv's have), so Ajv's
    // coercion can replace a root value (a query string's array, for example).
    return Object.assign(lazy, { schemaEnv: true });
  }

  /**
   * Fastify's `schemaController.compilersFactory.buildSerializer`: its default compiler, run on
   * first use, and once per process for a response schema with the same shared schemas and options
   * (the test suite builds hundreds of gateways in one process; a serializer of a union compiles
   * Ajv validators of its own).
   */
  readonly buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compileSerializer = SerializerSelector()(externalSchemas, options);
    const setting = JSON.stringify([externalSchemas ?? null, options ?? null]);
    const built = (route: Parameters<typeof compileSerializer>[0]): Serializer => {
      // By the schema's text: a route's schema is often built when its routes are registered, so a
      // new object in each gateway (the same text).
      const key = `${setting}\n${JSON.stringify(route.schema)}`;
      let serializer = serializers.get(key);
      if (!serializer) serializers.set(key, (serializer = compileSerializer(route)));
      return serializer;
    };
    return (route) => {
      const compiled: () => Serializer = this.once(() => built(route));
      return (data: unknown) => compiled()(data);
    };
  };

  /** Compiles every schema not compiled yet; returns how many it compiled. */
  compileAll(): number {
    const all = [...this.pending];
    for (const compile of all) compile();
    return all.length;
  }
}
