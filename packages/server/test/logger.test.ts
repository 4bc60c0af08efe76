import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loggerOptions } from '../src/observability/logger.js';
import { realClock } from '../src/clock/clock.js';

function lineOf(fields: object): Record<string, unknown> {
  const lines: string[] = [];
  pino(loggerOptions('info', realClock()), { write: (s: string) => void lines.push(s) }).info(fields, 'request completed');
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

describe('the request log line', () => {
  const headers = { authorization: 'Bearer eyJ.secret-token.sig', cookie: 'session=s3cret', 'api-key': 'key-s3cret', 'user-agent': 'curl/8' };
  const req = { id: 'req-1', method: 'POST', url: '/v1/payments?customer=cus_1', headers };

  it('keeps the request id, method, path and user agent, marks a credential as [redacted], and leaves out every other header and the query', () => {
    const line = lineOf({
      req,
      res: { statusCode: 201, getHeaders: () => ({ 'set-cookie': 'session=s3cret' }), headers: { 'set-cookie': 'session=s3cret' } },
      responseTime: 1.5,
    });
    expect(line.req).toEqual({ id: 'req-1', method: 'POST', path: '/v1/payments', headers: { authorization: '[redacted]', 'user-agent': 'curl/8' } });
    expect(line.res).toEqual({ statusCode: 201 });
    const text = JSON.stringify(line);
    for (const secret of ['secret-token', 's3cret', 'customer=']) expect(text).not.toContain(secret);
  });

  it('says nothing of a credential that was not sent', () => {
    const line = lineOf({ req: { ...req, headers: { 'user-agent': 'curl/8' } } });
    expect(line.req).toEqual({ id: 'req-1', method: 'POST', path: '/v1/payments', headers: { 'user-agent': 'curl/8' } });
  });

  it('still redacts secrets by path elsewhere in a line', () => {
    const line = lineOf({ body: { client_secret: 'cs-s3cret', card: { number: '4242424242424242' } }, client_secret: 'cs-s3cret' });
    expect(JSON.stringify(line)).not.toMatch(/s3cret|4242424242424242/);
    expect(line.client_secret).toBe('[redacted]');
  });
});

describe('token-like path segments', () => {
  it('are [redacted] in the request line; our ids and ordinary paths stay readable', () => {
    const path = (url: string) => (lineOf({ req: { id: 'req-1', method: 'GET', url, headers: {} } }).req as { path: string }).path;
    expect(path('/dashboard/api/password/QnB2Nh6WO7rldTNAFGIx9FS4syiaxNTweQjfNCq87bU')).toBe('/dashboard/api/password/[redacted]');
    expect(path('/l/3kQp0vX2mYtB9sLz7wHa1cDe?x=1')).toBe('/l/[redacted]');
    expect(path('/e/3kQp0vX2mYtB9sLz7wHa1cDe/save')).toBe('/e/[redacted]/save');
    expect(path('/x/eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJjbGkifQ.c2lnbmF0dXJl')).toBe('/x/[redacted]');
    expect(path('/v1/payments/pay-01jd3k7x9m2q4r5s6t7v8w9x0y/capture')).toBe('/v1/payments/pay-01jd3k7x9m2q4r5s6t7v8w9x0y/capture');
    expect(path('/v1/checkout/sessions/cs-01jd3k7x9m2q4r5s6t7v8w9x0y')).toBe('/v1/checkout/sessions/cs-01jd3k7x9m2q4r5s6t7v8w9x0y');
    expect(path('/dashboard/assets/index-DGv1o3hX.js')).toBe('/dashboard/assets/index-DGv1o3hX.js');
    expect(path('/v1/payments/search')).toBe('/v1/payments/search');
  });
});
