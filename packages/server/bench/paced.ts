/**
 * An evenly paced, open-loop load: one request every 1/rate seconds, whatever
 * the answers do, over a pool of keep-alive connections. The latency of a
 * request is measured from the moment it was due to be sent (not from when a
 * connection was free), so a slow answer that delays the next ones shows up
 * in the percentiles instead of being hidden ("coordinated omission").
 *
 * Why it exists: autocannon's `overallRate` gives each connection a quota per
 * second and sends it back to back at the start of every second, so at "half
 * the maximum rate" every connection is busy for about half of each second
 * and idle for the rest: bursts at full concurrency, not a steady half load.
 * The bench reports both.
 */
import net from 'node:net';

/**
 * A keep-alive HTTP/1.1 connection that sends one request at a time and reads
 * its answer with a minimal parser (status line, Content-Length, body): the
 * node:http client cost 30–50 µs of CPU per request in this process, which at
 * several thousand requests a second on two cores delayed the answers' handling
 * by milliseconds, and that delay was part of the measured latencies.
 */
class Connection {
  readonly socket: net.Socket;
  buffer: Buffer;
  current: ((status: number | undefined) => void) | undefined;
  closed = false;

  constructor(host: string, port: number, onClose: (c: Connection) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.setNoDelay(true);
    this.buffer = Buffer.alloc(0);
    this.current = undefined;
    this.socket.on('data', (chunk) => this.read(chunk));
    const fail = () => {
      if (this.closed) return;
      const current = this.current;
      this.current = undefined;
      this.closed = true;
      // Out of the pool first, so that the callback's requeue can open a connection in its place.
      onClose(this);
      current?.(undefined);
    };
    this.socket.on('error', fail);
    this.socket.on('close', fail);
  }

  /** Sends `bytes`; `done(status)` is called with the answer's status code, or undefined if the connection failed. */
  send(bytes: Buffer, done: (status: number | undefined) => void): void {
    this.current = done;
    this.socket.write(bytes);
  }

  read(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.buffer.toString('latin1', 0, headEnd);
      // The server answers with Content-Length; a chunked answer would be misread, so it stops the run.
      if (/\r\ntransfer-encoding:/i.test(head)) throw new Error(`paced: a chunked answer, not supported: ${head.split('\r\n')[0]}`);
      const status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      const total = headEnd + 4 + (length ? Number(length[1]) : 0);
      if (this.buffer.length < total) return;
      this.buffer = this.buffer.subarray(total);
      const done = this.current;
      this.current = undefined;
      done?.(status);
    }
  }
}

/** A request as the paced client sends it. */
export interface PacedRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Makes each request from a copy of this one (fresh headers), for requests that must differ. */
  setupRequest?: (r: PacedRequest) => PacedRequest;
}

export interface PacedOptions {
  base: string;
  request: PacedRequest;
  rate: number;
  seconds: number;
  warmupSeconds?: number;
  maxSockets?: number;
  onMeasuring?: () => void;
  onAnswer?: (r: PacedRequest, status: number) => void;
}

/** What an evenly paced run measured (times in milliseconds). */
export interface PacedResult {
  rps: number;
  offered: number;
  sent: number;
  answered: number;
  elapsed: number;
  p50: number;
  p99: number;
  max: number;
  sendLagP99: number;
  sendLagMax: number;
  non2xx: number;
  errors: number;
  codes: string[];
}

interface Item {
  due: number;
  r: PacedRequest;
  bytes: Buffer;
}

function requestBytes(host: string, r: PacedRequest): Buffer {
  const lines = [`${r.method} ${r.path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(r.headers ?? {})) lines.push(`${name}: ${value}`);
  const body = r.body === undefined ? undefined : Buffer.from(r.body);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

/**
 * warmupSeconds (default 0): the same paced load first, for that long, and not counted: the
 *   client's own start (its connections opened, its code compiled, its first collections) is
 *   not part of the server's latency. The measured seconds follow without a pause; onMeasuring,
 *   if given, is called as they start.
 *   onAnswer, if given, is called with each measured request as sent (what setupRequest returned)
 *   and its status code once answered (the webhook case uses it to know which intents were created).
 */
export async function paced({ base, request, rate, seconds, warmupSeconds = 0, maxSockets = 64, onMeasuring, onAnswer }: PacedOptions): Promise<PacedResult> {
  const url = new URL(base);
  const port = Number(url.port);
  const times: number[] = [];
  const lags: number[] = [];
  const codes = new Map<number, number>();
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  let measured = 0;
  let inFlight = 0;
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  /** Requests due while every connection was busy: sent, in order, as connections come free. */
  const waiting: Item[] = [];
  const interval = 1000 / rate;
  const start = performance.now();
  const measuredFrom = start + warmupSeconds * 1000;
  const end = measuredFrom + seconds * 1000;
  const fixed = request.setupRequest ? undefined : requestBytes(url.host, request);
  let drained: (() => void) | undefined;

  const closed = (c: Connection): void => {
    all.delete(c);
    const i = idle.indexOf(c);
    if (i >= 0) idle.splice(i, 1);
  };
  function connection(): Connection | undefined {
    const c = idle.pop();
    if (c) return c;
    if (all.size >= maxSockets) return undefined;
    const fresh = new Connection(url.hostname, port, closed);
    all.add(fresh);
    return fresh;
  }
  function send(c: Connection, { due, r, bytes }: Item): void {
    inFlight++;
    c.send(bytes, (status) => {
      inFlight--;
      if (due < measuredFrom) {
        // A warm-up request: not counted.
      } else if (status === undefined) errors++;
      else {
        onAnswer?.(r, status);
        if (status >= 200 && status <= 299) times.push(performance.now() - due);
        else {
          non2xx++;
          codes.set(status, (codes.get(status) ?? 0) + 1);
        }
      }
      if (!c.closed) {
        const next = waiting.shift();
        if (next) send(c, next);
        else idle.push(c);
      } else if (waiting.length > 0) {
        const other = connection();
        const next = waiting.shift();
        if (other && next) send(other, next);
        else if (next) waiting.unshift(next);
      }
      if (inFlight === 0 && waiting.length === 0) drained?.();
    });
  }
  function fire(due: number): void {
    if (due >= measuredFrom) {
      if (measured++ === 0) onMeasuring?.();
      lags.push(performance.now() - due);
    }
    const r = request.setupRequest ? request.setupRequest({ ...request, headers: { ...(request.headers ?? {}) } }) : request;
    const item = { due, r, bytes: fixed ?? requestBytes(url.host, r) };
    const c = connection();
    if (c) send(c, item);
    else waiting.push(item);
  }

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Send every request that is due by now (timers fire late under load: catch up).
      while (start + sent * interval <= Math.min(now, end)) {
        fire(start + sent * interval);
        sent++;
      }
      if (now >= end) return resolve();
      const next = start + sent * interval - performance.now();
      setTimeout(tick, Math.max(0, Math.min(next, 50)));
    };
    tick();
  });
  if (inFlight > 0 || waiting.length > 0) await new Promise<void>((resolve) => (drained = resolve));
  const elapsed = (performance.now() - measuredFrom) / 1000;
  for (const c of all) c.socket.destroy();
  times.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const pctOf = (list: number[], p: number): number => (list.length ? (list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)] ?? NaN) : NaN);
  const pct = (p: number): number => pctOf(times, p);
  return {
    rps: (times.length + non2xx) / seconds,
    offered: rate,
    sent: measured,
    answered: times.length + non2xx,
    elapsed,
    p50: pct(50),
    p99: pct(99),
    max: times.length ? (times[times.length - 1] ?? NaN) : NaN,
    // How late this process sent requests (its own event loop busy or descheduled): part of the latencies above.
    sendLagP99: pctOf(lags, 99),
    sendLagMax: lags.length ? (lags[lags.length - 1] ?? NaN) : NaN,
    non2xx,
    errors,
    codes: [...codes].map(([code, count]) => `${code}x${count}`),
  };
}
