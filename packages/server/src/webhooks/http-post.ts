/** One outbound POST with a hard time limit and a vetted DNS lookup (webhooks, callbacks). */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostResult {
  status: number;
  durationMs: number;
  /** The response body's first `maxBodyBytes` bytes as UTF-8 (never a split character). */
  body: string;
  /** The response body was longer than what `body` holds. */
  truncated: boolean;
}

/** The bytes' first `max` bytes as UTF-8 text, cut before a character they would split. */
export function utf8Prefix(bytes: Buffer, max: number): string {
  if (bytes.length <= max) return bytes.toString('utf8');
  let end = max;
  // Step back over continuation bytes (10xxxxxx) to the start of the character the cut would split.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** The headers postJson adds to the caller's. */
export function sentHeaders(body: string): Record<string, string> {
  return { 'content-type': 'application/json', 'user-agent': 'Pasarela-Webhooks/1', 'content-length': String(Buffer.byteLength(body)) };
}

export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; lookup: LookupFunction; maxBodyBytes?: number },
): Promise<PostResult> {
  const started = performance.now();
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...sentHeaders(body), ...headers },
        lookup: options.lookup,
        timeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        // Keep the body's first bytes (one more, to know it was longer); read and drop the rest so the socket is released.
        const max = options.maxBodyBytes ?? 0;
        const kept: Buffer[] = [];
        let size = 0;
        let total = 0;
        response.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (size > max) return;
          const part = chunk.subarray(0, max + 1 - size);
          kept.push(part);
          size += part.length;
        });
        response.on('end', () => {
          const bytes = Buffer.concat(kept);
          resolve({
            status: response.statusCode ?? 0,
            durationMs: Math.round(performance.now() - started),
            body: utf8Prefix(bytes, max),
            truncated: total > max,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => reject(error.name === 'AbortError' ? new Error(`no answer within ${options.timeoutMs} ms`) : error));
    request.end(body);
  });
}
