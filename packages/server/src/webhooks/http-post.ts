/** One outbound POST with a hard time limit and a vetted DNS lookup (webhooks, callbacks). */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostResult {
  status: number;
  durationMs: number;
}

export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; lookup: LookupFunction },
): Promise<PostResult> {
  const started = performance.now();
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Pasarela-Webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: options.lookup,
        timeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        // The body is not needed; read (and drop) it so the socket is released.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, durationMs: Math.round(performance.now() - started) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => reject(error.name === 'AbortError' ? new Error(`no answer within ${options.timeoutMs} ms`) : error));
    request.end(body);
  });
}
