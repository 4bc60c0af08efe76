/**
 * Deprecated and experimental operations (docs/api-conventions.md
 * "Deprecation and experimental operations"), declared on the route:
 *
 * - `schema.deprecated: true` with `config.deprecatedSince` (the date it was
 *   deprecated), `config.sunset` (the date it is removed) and
 *   `config.deprecationLink` (its migration note). /openapi.json marks the
 *   operation `deprecated` and its description starts with DEPRECATED and the
 *   dates; every answer carries `Deprecation: @<unix seconds>` (RFC 9745),
 *   `Sunset: <HTTP-date>` (RFC 8594) and `Link: <note>; rel="deprecation"`.
 * - `config.experimental: true`: `x-experimental: true` on the operation and a
 *   description starting with EXPERIMENTAL (it may change or go without the
 *   deprecation process).
 *
 * A deprecated route without its dates or note, or with dates that do not
 * parse, stops the gateway at start: the answer headers are never guessed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';

const DAY = /^\d{4}-\d{2}-\d{2}(T.*)?$/;

function dateOf(route: RouteOptions, key: 'deprecatedSince' | 'sunset', value: string | undefined): Date {
  const date = value !== undefined && DAY.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new Error(`${String(route.method)} ${route.url} is deprecated: config.${key} must be an ISO 8601 date (got ${String(value)}).`);
  }
  return date;
}

function noteOf(route: RouteOptions, link: string | undefined): string {
  const ok = link !== undefined && (link.startsWith('/') ? !link.startsWith('//') : URL.canParse(link) && /^https?:$/.test(new URL(link).protocol));
  if (!ok || /[<>\s]/.test(link)) {
    throw new Error(
      `${String(route.method)} ${route.url} is deprecated: config.deprecationLink must be an http(s) URL or a path to its migration note (got ${String(link)}).`,
    );
  }
  return link;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export function registerDeprecation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (Record<string, unknown> & { deprecated?: boolean; description?: string }) | undefined;
    const config = route.config;
    if (config?.experimental) {
      const labelled: Record<string, unknown> = {
        ...schema,
        // @fastify/swagger copies an operation schema's x- keys into the operation.
        'x-experimental': true,
        description: `**EXPERIMENTAL**: may change or disappear without the deprecation process; do not depend on it.${schema?.description ? `\n\n${schema.description}` : ''}`,
      };
      route.schema = labelled;
    }
    if (!schema?.deprecated) {
      if (config?.deprecatedSince || config?.sunset || config?.deprecationLink) {
        throw new Error(`${String(route.method)} ${route.url} has deprecation settings but its schema is not deprecated: true.`);
      }
      return;
    }
    const since = dateOf(route, 'deprecatedSince', config?.deprecatedSince);
    const sunset = dateOf(route, 'sunset', config?.sunset);
    if (sunset < since) throw new Error(`${String(route.method)} ${route.url}: config.sunset is before config.deprecatedSince.`);
    const link = noteOf(route, config?.deprecationLink);
    const current = route.schema as Record<string, unknown> & { description?: string };
    route.schema = {
      ...current,
      description: `**DEPRECATED** since ${day(since)}; removed on ${day(sunset)}. Migration: ${link}${current.description ? `\n\n${current.description}` : ''}`,
    };
    // Computed once per route; every answer (errors too) carries them.
    const headers = {
      deprecation: `@${Math.floor(since.getTime() / 1000)}`,
      sunset: sunset.toUTCString(),
      link: `<${link}>; rel="deprecation"`,
    };
    const mark: onSendHookHandler = (_request: FastifyRequest, reply: FastifyReply, payload, done) => {
      reply.header('deprecation', headers.deprecation);
      reply.header('sunset', headers.sunset);
      const existing = reply.getHeader('link');
      reply.header('link', existing ? `${String(existing)}, ${headers.link}` : headers.link);
      done(null, payload);
    };
    route.onSend = [...[route.onSend ?? []].flat(), mark];
  });
}
