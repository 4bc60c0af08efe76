import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PaginationError,
  Pasarela,
  PermissionError,
  RateLimitError,
  ServerError,
  type PasarelaOptions,
} from '../src/index.js';

/**
 * The transport's rules, with an injected fetch standing in for the network:
 * token sharing and renewal, retries, backoff, Retry-After, idempotency keys,
 * error classes. Waits are recorded by an injected sleep, never measured.
 */

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: string | undefined;
}

type Handler = (request: Seen) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const apiError = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: `${code} happened`, details: [{ field: 'amount', message: 'too big' }], request_id: 'req-1' } }, headers);

function harness(handler: Handler, options: Partial<PasarelaOptions> = {}) {
  const seen: Seen[] = [];
  const sleeps: number[] = [];
  const fetch = async (input: string, init: RequestInit) => {
    const url = new URL(input);
    const request = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    seen.push(request);
    return handler(request);
  };
  const pasarela = new Pasarela({
    baseUrl: 'https://gateway.test',
    clientId: 'cli-1',
    clientSecret: 'secret-1',
    fetch,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  } as PasarelaOptions);
  const api = (path?: string) => seen.filter((s) => s.path !== '/oauth/token' && (!path || s.path.startsWith(path)));
  const tokenRequests = () => seen.filter((s) => s.path === '/oauth/token');
  return { pasarela, seen, sleeps, api, tokenRequests };
}

let issued = 0;
function tokenAnswer(expiresIn = 3600): Response {
  issued += 1;
  return json(200, { access_token: `tok-${issued}`, token_type: 'Bearer', expires_in: expiresIn, scope: 'payments:read' });
}

const payment = (id: string) => ({ id, status: 'APPROVED' });

describe('tokens', () => {
  it('20 concurrent calls share one token request', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { pasarela, tokenRequests, api } = harness(async (r) => {
      if (r.path === '/oauth/token') {
        await gate;
        return tokenAnswer();
      }
      return json(200, payment(r.path.split('/').pop()!));
    });
    const calls = Array.from({ length: 20 }, (_, i) => pasarela.refunds.retrieve(`pay-${i}`));
    await Promise.resolve();
    release();
    const results = await Promise.all(calls);
    expect(results.map((p) => p.id)).toEqual(Array.from({ length: 20 }, (_, i) => `pay-${i}`));
    expect(tokenRequests()).toHaveLength(1);
    const token = new Set(api().map((r) => r.headers.get('authorization')));
    expect(token.size).toBe(1);
    // The token request is client credentials for the audience, and carries no idempotency key.
    const grant = JSON.parse(tokenRequests()[0]!.body!);
    expect(grant).toEqual({ grant_type: 'client_credentials', client_id: 'cli-1', client_secret: 'secret-1', audience: 'https://gateway.test' });
    expect(tokenRequests()[0]!.headers.get('idempotency-key')).toBeNull();
  });

  it('reuses a cached token, and renews one whose lifetime is nearly over before using it', async () => {
    const long = harness((r) => (r.path === '/oauth/token' ? tokenAnswer(3600) : json(200, payment('pay-1'))));
    await long.pasarela.refunds.retrieve('pay-1');
    await long.pasarela.refunds.retrieve('pay-1');
    expect(long.tokenRequests()).toHaveLength(1);

    const short = harness((r) => (r.path === '/oauth/token' ? tokenAnswer(0) : json(200, payment('pay-1'))));
    await short.pasarela.refunds.retrieve('pay-1');
    await short.pasarela.refunds.retrieve('pay-1');
    expect(short.tokenRequests()).toHaveLength(2);
    const used = short.api().map((r) => r.headers.get('authorization'));
    expect(used[0]).not.toBe(used[1]);
  });

  it('a 401 renews the token once and retries with the new one', async () => {
    const { pasarela, tokenRequests, api } = harness((r) => {
      if (r.path === '/oauth/token') return tokenAnswer();
      return r.headers.get('authorization') === `Bearer tok-${issued}` && tokenRequests().length === 2
        ? json(200, payment('pay-1'))
        : apiError(401, 'unauthorized');
    });
    const result = await pasarela.refunds.retrieve('pay-1');
    expect(result.id).toBe('pay-1');
    expect(tokenRequests()).toHaveLength(2);
    expect(api()).toHaveLength(2);
    expect(api()[0]!.headers.get('authorization')).not.toBe(api()[1]!.headers.get('authorization'));
  });

  it('a second 401 is an AuthenticationError: one renewal per call', async () => {
    const { pasarela, tokenRequests, api } = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : apiError(401, 'unauthorized')));
    const error = await pasarela.refunds.retrieve('pay-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(tokenRequests()).toHaveLength(2);
    expect(api()).toHaveLength(2);
  });

  it('wrong client credentials: AuthenticationError with the OAuth code, not retried', async () => {
    const { pasarela, tokenRequests, api } = harness(() => json(401, { error: 'invalid_client', error_description: 'client authentication failed' }));
    const error = (await pasarela.refunds.retrieve('pay-1').catch((e: unknown) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBe('invalid_client');
    expect(error.message).toBe('client authentication failed');
    expect(tokenRequests()).toHaveLength(1);
    expect(api()).toHaveLength(0);
  });

  it('a static token is sent as is and never renewed', async () => {
    const { pasarela, seen } = harness(() => apiError(401, 'unauthorized'), {
      token: 'browser-token',
      clientId: undefined,
      clientSecret: undefined,
    } as Partial<PasarelaOptions>);
    await expect(pasarela.refunds.retrieve('pay-1')).rejects.toBeInstanceOf(AuthenticationError);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer browser-token');
  });
});

describe('retries', () => {
  it('retries 5xx with the same generated Idempotency-Key, with full-jitter backoff', async () => {
    const answers = [apiError(503, 'service_unavailable'), apiError(500, 'internal_error'), json(201, payment('pay-1'))];
    const { pasarela, api, sleeps } = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : answers.shift()!));
    const result = await pasarela.payments.create({ amount: 10, currency: 'USD', order_id: 'o-1', instrument_id: 'ins-1', encrypted_cvv: 'x' });
    expect(result.id).toBe('pay-1');
    const keys = api().map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    // random() = 0.5: half of 500 ms, then half of 1000 ms.
    expect(sleeps).toEqual([250, 500]);
  });

  it('keeps a given Idempotency-Key, and does not send one on a GET', async () => {
    const answers = [apiError(502, 'bad_gateway'), json(201, payment('pay-1'))];
    const { pasarela, api } = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : r.method === 'GET' ? json(200, payment('pay-1')) : answers.shift()!));
    await pasarela.payments.capture('pay-1', { amount: 5 }, { idempotencyKey: 'my-key-123' });
    await pasarela.refunds.retrieve('pay-1');
    expect(api().map((r) => [r.method, r.headers.get('idempotency-key')])).toEqual([
      ['POST', 'my-key-123'],
      ['POST', 'my-key-123'],
      ['GET', null],
    ]);
    expect(JSON.parse(api()[0]!.body!)).toEqual({ amount: 5 });
  });

  it('honours Retry-After on 429', async () => {
    const answers = [apiError(429, 'rate_limited', { 'retry-after': '3' }), json(200, payment('pay-1'))];
    const { pasarela, sleeps, api } = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : answers.shift()!));
    await pasarela.refunds.retrieve('pay-1');
    expect(api()).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  it('a Retry-After longer than maxRetryAfterMs is a RateLimitError at once', async () => {
    const { pasarela, sleeps, api } = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : apiError(429, 'rate_limited', { 'retry-after': '600' })));
    const error = (await pasarela.refunds.retrieve('pay-1').catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(600);
    expect(api()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries 409 idempotency_conflict (the first request still running), not other conflicts', async () => {
    const answers = [apiError(409, 'idempotency_conflict', { 'retry-after': '1' }), json(200, payment('pay-1'))];
    const first = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : answers.shift()!));
    await first.pasarela.payments.capture('pay-1');
    expect(first.api()).toHaveLength(2);
    expect(first.sleeps).toEqual([1000]);

    const second = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : apiError(409, 'payment_not_captured')));
    const error = (await second.pasarela.payments.refund('pay-1').catch((e: unknown) => e)) as ConflictError;
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('payment_not_captured');
    expect(second.api()).toHaveLength(1);
  });

  it('does not retry a 422, and maps its body', async () => {
    const { pasarela, api, sleeps } = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : apiError(422, 'validation_failed')));
    const error = (await pasarela.refunds.create({ payment_id: 'pay-1', amount: 1, currency: 'USD' }).catch((e: unknown) => e)) as InvalidRequestError;
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', requestId: 'req-1', details: [{ field: 'amount', message: 'too big' }] });
    expect(api()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('gives up after maxRetries: the last error is thrown', async () => {
    const { pasarela, api, sleeps } = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : apiError(503, 'service_unavailable')), {
      maxRetries: 3,
      random: () => 0.999,
      retryDelay: { baseMs: 100, maxMs: 300 },
    });
    await expect(pasarela.refunds.retrieve('pay-1')).rejects.toBeInstanceOf(ServerError);
    expect(api()).toHaveLength(4);
    // Ceilings 100, 200, then capped at 300.
    expect(sleeps).toEqual([99, 199, 299]);
  });

  it('retries network errors, then throws a ConnectionError', async () => {
    const { pasarela, api } = harness((r) => {
      if (r.path === '/oauth/token') return tokenAnswer();
      throw new TypeError('fetch failed');
    });
    const error = (await pasarela.refunds.retrieve('pay-1').catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.status).toBe(0);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(api()).toHaveLength(3);
  });

  it('a request without an answer in connectTimeout is aborted and reported as a timeout', async () => {
    const { pasarela, api } = harness(
      (r) =>
        r.path === '/oauth/token'
          ? tokenAnswer()
          : new Promise<Response>(() => {
              /* never answers */
            }),
      { maxRetries: 1, connectTimeout: 5 },
    );
    const error = (await pasarela.refunds.retrieve('pay-1').catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('connectTimeout');
    expect(api()).toHaveLength(2);
  });
});

describe('errors by status', () => {
  it.each([
    [403, 'forbidden', PermissionError],
    [404, 'not_found', NotFoundError],
    [400, 'invalid_idempotency_key', InvalidRequestError],
  ])('%i is a %s error of its class', async (status, code, kind) => {
    const { pasarela } = harness((r) => (r.path === '/oauth/token' ? tokenAnswer() : apiError(status, code)));
    const error = await pasarela.refunds.retrieve('pay-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(kind);
    expect(error).toMatchObject({ status, code });
  });
});

describe('list walks never fetch the same cursor twice', () => {
  it('a server that answers the same page again: PaginationError after the second request, never a loop', async () => {
    const { pasarela, api } = harness((r) =>
      r.path === '/oauth/token' ? tokenAnswer() : json(200, { data: [payment('pay-2'), payment('pay-1')], has_more: true }),
    );
    const walked: string[] = [];
    const error = await (async () => {
      for await (const p of pasarela.payments.list({ limit: 2 })) walked.push(p.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ code: 'pagination_cursor_repeated', cursor: { starting_after: 'pay-1' } });
    expect((error as Error).message).toContain('starting_after=pay-1');
    expect(api('/v1/payments').map((s) => s.path)).toEqual(['/v1/payments?limit=2', '/v1/payments?limit=2&starting_after=pay-1']);
    expect(walked).toEqual(['pay-2', 'pay-1', 'pay-2', 'pay-1']);
  });

  it('a list started from a cursor refuses to come back to it', async () => {
    const { pasarela, api } = harness((r) =>
      r.path === '/oauth/token' ? tokenAnswer() : json(200, { data: [payment('pay-9'), payment('pay-5')], has_more: true }),
    );
    const error = await pasarela.payments
      .list({ starting_after: 'pay-5' })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PaginationError', code: 'pagination_cursor_repeated' });
    expect(api('/v1/payments')).toHaveLength(1);
  });

  it('a page with has_more whose last item has no id: PaginationError, no second request', async () => {
    const { pasarela, api } = harness((r) =>
      r.path === '/oauth/token' ? tokenAnswer() : json(200, { data: [payment('pay-2'), { payment_id: 'pay-1', status: 'IN_PROGRESS' }], has_more: true }),
    );
    const error = await pasarela.payments
      .list()
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ code: 'pagination_cursor_missing', status: 0 });
    expect(api('/v1/payments')).toHaveLength(1);
  });

  it('ending_before walks towards newer items and is guarded the same way', async () => {
    const { pasarela, api } = harness((r) =>
      r.path === '/oauth/token' ? tokenAnswer() : json(200, { data: [payment('pay-8'), payment('pay-7')], has_more: true }),
    );
    const error = await pasarela.payments
      .list({ ending_before: 'pay-1' })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'pagination_cursor_repeated', cursor: { ending_before: 'pay-8' } });
    expect(api('/v1/payments').map((s) => s.path)).toEqual(['/v1/payments?ending_before=pay-1', '/v1/payments?ending_before=pay-8']);
  });
});
