/**
 * `npm run cli -- listen --forward-to URL`: follows GET /v1/events/stream of a
 * gateway (a shared remote sandbox, say) and forwards each event to a local URL
 * as a real webhook delivery would arrive, signed per Standard Webhooks with a
 * session secret printed at start (docs/webhooks.md "Events as a stream, and
 * forwarding to your machine"). Needs no database: only client credentials.
 *
 *   listen --forward-to http://localhost:3000/webhooks [--events a,b] [--base-url URL]
 *          [--audience URL] [--client-id ID --client-secret S] [--connect-attempts N]
 *
 * The client id and secret may come from PASARELA_CLIENT_ID and
 * PASARELA_CLIENT_SECRET instead, the base URL from PASARELA_BASE_URL.
 * It names the gateway it connects to (and where that address came from). Until
 * the first connection, it tries --connect-attempts times (6 by default, about
 * 15 s) and then gives up with exit code 1, saying which address did not answer.
 * On a stream lost later it reconnects, without limit, with Last-Event-ID
 * (nothing is missed), saying which address it waits for; and it reconnects
 * with a fresh token before the current one expires.
 */
import { parseArgs } from 'node:util';
import { generateWebhookSecret, signatureHeaders } from '../webhooks/signing.js';
import type { RealClock } from '../clock/clock.js';

export class ListenUsageError extends Error {}

export interface ListenIo {
  out(line: string): void;
  err(line: string): void;
  /** The program's clock: when the token is renewed, the signatures' timestamps, the log lines' times. */
  clock: RealClock;
}

interface Token {
  value: string;
  renewAt: number;
}

interface StreamedEvent {
  id: string;
  type: string;
  /** The data line as sent: the body forwarded, byte for byte. */
  data: string;
}

const FORWARD_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 10_000;
/** Attempts before the first connection, by default: 0.5 + 1 + 2 + 4 + 8 s of waiting, then it gives up. */
const CONNECT_ATTEMPTS = 6;

/** Non-retryable: the credentials or the request are wrong. */
class FatalError extends Error {}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function message(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** One Server-Sent Events block (the lines between two blank lines) as an event, if it has an id and data. */
function eventOf(block: string): StreamedEvent | undefined {
  let id = '';
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  return id && data.length > 0 ? { id, type, data: data.join('\n') } : undefined;
}

/**
 * Parses Server-Sent Events from a response body: yields each event with an id, until the body
 * ends or `signal` aborts. On abort the reader is cancelled as well: an aborted fetch does not
 * always settle a read already waiting on its body (undici), and a renewal or ^C would then wait
 * for an event that never comes.
 */
async function* sseEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<StreamedEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = eventOf(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
  // A cancelled reader ends like a finished stream: the caller tells them apart by its signal.
  signal.throwIfAborted();
}

export async function listen(args: string[], env: Record<string, string | undefined>, io: ListenIo, signal: AbortSignal): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      'base-url': { type: 'string' },
      audience: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'connect-attempts': { type: 'string' },
    },
  });
  const forwardTo = values['forward-to'];
  if (!forwardTo) throw new ListenUsageError('--forward-to is required');
  const clientId = values['client-id'] ?? env.PASARELA_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.PASARELA_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new ListenUsageError('give --client-id and --client-secret (or PASARELA_CLIENT_ID and PASARELA_CLIENT_SECRET)');
  const baseUrl = (values['base-url'] ?? env.PASARELA_BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  const from =
    values['base-url'] !== undefined
      ? '--base-url'
      : env.PASARELA_BASE_URL !== undefined
        ? 'PASARELA_BASE_URL'
        : 'the default; give --base-url or PASARELA_BASE_URL for another';
  const connectAttempts = values['connect-attempts'] === undefined ? CONNECT_ATTEMPTS : Number(values['connect-attempts']);
  if (!Number.isInteger(connectAttempts) || connectAttempts < 1 || connectAttempts > 1000)
    throw new ListenUsageError('--connect-attempts must be an integer from 1 to 1000');
  for (const [name, value] of [
    ['--forward-to', forwardTo],
    ['--base-url', baseUrl],
  ] as const) {
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new ListenUsageError(`${name} must be an http or https URL`);
  }
  const audience = values.audience ?? baseUrl;
  const types = values.events
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',');

  const secret = generateWebhookSecret();
  let token: Token | undefined;
  let lastEventId: string | undefined;
  let ready = false;
  let failures = 0;
  io.err(`pasarela listen: connecting to the gateway at ${baseUrl} (${from})`);

  async function getToken(): Promise<Token> {
    if (token && io.clock.realNow() < token.renewAt) return token;
    const response = await fetch(`${baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience }),
      signal,
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: { message?: string } | string };
    if (response.status === 400 || response.status === 401) {
      throw new FatalError(
        `sign-in refused (${response.status}): ${typeof body.error === 'string' ? body.error : (body.error?.message ?? 'check the client id and secret')}`,
      );
    }
    if (response.status !== 200 || !body.access_token) throw new Error(`sign-in failed with status ${response.status}`);
    // The token endpoint hands out the same token until a tenth of its lifetime remains: renew past that.
    const lifetimeMs = Math.max(1, body.expires_in ?? 60) * 1000;
    token = { value: body.access_token, renewAt: io.clock.realNow() + lifetimeMs * 0.95 };
    return token;
  }

  async function forward(event: StreamedEvent): Promise<string> {
    const timestamp = Math.floor(io.clock.realNow() / 1000);
    try {
      const response = await fetch(forwardTo!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Pasarela-CLI-listen', ...signatureHeaders([secret], event.id, timestamp, event.data) },
        body: event.data,
        signal: AbortSignal.any([signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      return `[${response.status}]`;
    } catch (error) {
      return `[error: ${message(error)}]`;
    }
  }

  /** One connection of the stream, until it ends, fails, or its token is due for renewal. */
  async function follow(current: Token): Promise<void> {
    const connection = new AbortController();
    const renew = setTimeout(() => connection.abort(), Math.max(0, current.renewAt - io.clock.realNow()));
    const abort = () => connection.abort();
    signal.addEventListener('abort', abort, { once: true });
    try {
      const query = types ? `?types=${encodeURIComponent(types)}` : '';
      const response = await fetch(`${baseUrl}/v1/events/stream${query}`, {
        headers: { authorization: `Bearer ${current.value}`, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        signal: connection.signal,
      });
      if (response.status === 401) {
        token = undefined;
        throw new Error('token refused (401)');
      }
      if (response.status !== 200 || !response.body) {
        const text = await response.text().catch(() => '');
        const detail = text.length > 500 ? `${text.slice(0, 500)}...` : text;
        if (response.status === 403 || response.status === 422) throw new FatalError(`the event stream answered ${response.status}: ${detail}`);
        throw new Error(`the event stream answered ${response.status}`);
      }
      failures = 0;
      if (!ready) {
        ready = true;
        io.out(`Ready! Your webhook signing secret is ${secret} (^C to quit)`);
      }
      for await (const event of sseEvents(response.body, connection.signal)) {
        const status = await forward(event);
        lastEventId = event.id;
        io.out(`${io.clock.realIso()}  ${event.type}  ${event.id}  ${forwardTo}  ${status}`);
      }
    } catch (error) {
      // Renewal or ^C aborted it: not a failure.
      if (connection.signal.aborted) return;
      throw error;
    } finally {
      clearTimeout(renew);
      signal.removeEventListener('abort', abort);
    }
  }

  while (!signal.aborted) {
    try {
      await follow(await getToken());
      // The server ended the stream (a restart, say), or the token is due for renewal: again, after Last-Event-ID.
      await sleep(200, signal);
    } catch (error) {
      if (signal.aborted) break;
      if (error instanceof FatalError) {
        io.err(`pasarela listen: ${error.message}`);
        return 1;
      }
      failures += 1;
      if (!ready && failures >= connectAttempts) {
        io.err(
          `pasarela listen: ${baseUrl}: ${message(error)}; gave up after ${failures} attempt${failures === 1 ? '' : 's'}. Is the gateway running there (npm start), or is it elsewhere (--base-url)?`,
        );
        return 1;
      }
      const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(failures - 1, 5));
      const what = ready ? `waiting for the gateway at ${baseUrl} to come back` : `attempt ${failures} of ${connectAttempts} to reach ${baseUrl}`;
      io.err(`pasarela listen: ${message(error)} (${what}); reconnecting in ${Math.round(wait / 100) / 10} s${lastEventId ? ` (after ${lastEventId})` : ''}`);
      await sleep(wait, signal);
    }
  }
  return 0;
}
