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
    const line = lineOf({ req, res: { statusCode: 201, getHeaders: () => ({ 'set-cookie': 'session=s3cret' }), headers: { 'set-cookie': 'session=s3cret' } }, responseTime: 1.5 });
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
