import { describe, expect, it } from 'vitest';
import { ConflictError, Pasarela } from '../src/index.js';
import { attachmentName } from '../src/transport.js';

/**
 * A file answer (`pasarela.reports.download`) as a `File` named by the
 * answer's Content-Disposition, with an injected fetch standing in for the
 * network: the forms of the header a server may send, and an error answer
 * that stays an error.
 */
describe('file answers', () => {
  const named = (value: string | null) => attachmentName(new Headers(value === null ? {} : { 'content-disposition': value }));

  it('names the file from filename*, filename="..." or a bare filename, and "download" without one', () => {
    expect(named('attachment; filename="rpt-1.csv"')).toBe('rpt-1.csv');
    expect(named('attachment; filename="fallback.csv"; filename*=UTF-8\'\'informe%20de%20pagos%20%C3%B1.csv')).toBe('informe de pagos ñ.csv');
    expect(named('attachment; filename=rpt-2.json')).toBe('rpt-2.json');
    expect(named('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="plain.csv"')).toBe('plain.csv');
    expect(named('attachment')).toBe('download');
    expect(named(null)).toBe('download');
  });

  it('gives the bytes and type of a 200 as a File, and throws the error of a 409', async () => {
    const answers = [
      new Response('a,b\r\n1,2\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="rpt-9.csv"' },
      }),
      new Response(JSON.stringify({ error: { code: 'report_not_ready', message: 'The report is still being made.', details: [] } }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    const paths: string[] = [];
    const pasarela = new Pasarela({
      baseUrl: 'https://gateway.test',
      token: 'tok',
      maxRetries: 0,
      fetch: async (input) => {
        paths.push(new URL(input).pathname);
        return answers.shift()!;
      },
    });
    const file = await pasarela.reports.download('rpt-9');
    expect(file).toBeInstanceOf(File);
    expect([file.name, await file.text()]).toEqual(['rpt-9.csv', 'a,b\r\n1,2\r\n']);
    expect(file.type).toMatch(/^text\/csv/);
    const error = await pasarela.reports.download('rpt 10').then(
      () => expect.fail('expected a 409'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('report_not_ready');
    expect(paths).toEqual(['/v1/reports/rpt-9/download', '/v1/reports/rpt%2010/download']);
  });
});
