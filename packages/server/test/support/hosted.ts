/**
 * Helpers of the hosted pages' browser tests: a tiny local web site (the
 * merchant's pages) and the mapping of the links' public origin
 * (PUBLIC_BASE_URL, https://pasarela.test) onto a test gateway, so a browser
 * opens link.url itself (and follows a fake processor's redirect there).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { watchedPage } from './browser.js';
import { AUDIENCE, type TestGateway } from './gateway.js';

export const PUBLIC_ORIGIN = new URL(AUDIENCE).origin;

export interface Hit {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local web site that records every request and answers what `respond` says. */
export class LocalSite {
  readonly hits: Hit[] = [];
  origin = '';
  private server: Server | undefined;

  constructor(private readonly respond: (hit: Hit) => { status?: number; type?: string; body: string }) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/favicon.ico') return void response.writeHead(204).end();
        const hit = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
        this.hits.push(hit);
        const answer = this.respond(hit);
        response.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'text/html; charset=utf-8' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  close(): Promise<void> {
    if (!this.server) return Promise.resolve();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }
}

/** The merchant's "thanks" page. */
export const thanksPage = () => ({
  body: '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Gracias</title></head><body><main><h1>Thanks</h1></main></body></html>',
});

/** Sends the browser's requests to PUBLIC_ORIGIN to the test gateway, as they are; a redirect within that origin by a fresh navigation. */
export function routePublicOrigin(context: BrowserContext, gw: TestGateway): Promise<void> {
  return forward(context, PUBLIC_ORIGIN, gw.baseUrl);
}

/**
 * The browser's requests to another server of the test (`origin`: a fake
 * processor's pages) reach it as they are, except that its redirect to
 * PUBLIC_ORIGIN is made a fresh navigation, which routePublicOrigin routes.
 */
export function routeRedirectsToPublicOrigin(context: BrowserContext, origin: string): Promise<void> {
  return forward(context, origin, origin);
}

/** Requests to `origin` answered by the server at `base`; its redirect to PUBLIC_ORIGIN by a fresh navigation. */
async function forward(context: BrowserContext, origin: string, base: string): Promise<void> {
  await context.route(
    (url) => url.origin === origin,
    async (route) => {
      const url = new URL(route.request().url());
      try {
        const response = await route.fetch({ url: base + url.pathname + url.search, maxRedirects: 0 });
        const location = response.headers()['location'];
        if (response.status() >= 300 && response.status() < 400 && location && new URL(location, origin).origin === PUBLIC_ORIGIN) {
          // Chromium does not hand the redirect's next request to the route (no DNS for the public origin):
          // the browser is sent there by a fresh navigation instead, which is routed.
          const target = new URL(location, origin).toString().replace(/&/g, '&amp;').replace(/"/g, '&quot;');
          await route.fulfill({
            status: 200,
            contentType: 'text/html; charset=utf-8',
            body: `<!doctype html><meta http-equiv="refresh" content="0;url=${target}"><title>…</title>`,
          });
          return;
        }
        await route.fulfill({ response });
      } catch {
        await route.abort().catch(() => undefined); // the page went away meanwhile
      }
    },
  );
}

/**
 * A shopper's page in `lang` (its locale and Accept-Language) whose requests to
 * PUBLIC_ORIGIN reach the gateway: a new context, kept in `contexts` for the
 * test file to close, its console errors collected in `consoleErrors`.
 */
export async function shopperPage(
  browser: Browser,
  gw: TestGateway,
  into: { contexts: BrowserContext[]; consoleErrors: string[] },
  viewport: { width: number; height: number },
  lang: 'es' | 'en',
): Promise<Page> {
  const context = await browser.newContext({
    locale: lang === 'es' ? 'es-CO' : 'en-US',
    extraHTTPHeaders: { 'Accept-Language': lang === 'es' ? 'es-CO,es;q=0.9' : 'en-US,en;q=0.9' },
  });
  into.contexts.push(context);
  await routePublicOrigin(context, gw);
  const page = await watchedPage(context, into.consoleErrors, viewport);
  page.setDefaultTimeout(30_000);
  return page;
}

/** A new payment link of a fixed amount in COP: its URL (on PUBLIC_ORIGIN). */
export async function copPaymentLink(gw: TestGateway, token: string, value: number, description: string): Promise<string> {
  const reply = await gw.request<{ url: string }>('POST', '/v1/links', {
    token,
    body: { type: 'payment', data: { amount: { value, currency: 'COP' }, description } },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.url;
}
