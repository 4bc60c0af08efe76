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
import http from 'node:http';

/**
 * @param {{ base: string, request: { method: string, path: string, headers?: object, body?: string,
 *           setupRequest?: (r: object) => object }, rate: number, seconds: number, maxSockets?: number,
 *           onAnswer?: (r: object, status: number) => void }} o
 *   onAnswer, if given, is called with each request as sent (what setupRequest returned) and its
 *   status code once answered (the webhook case uses it to know which intents were created).
 */
export async function paced({ base, request, rate, seconds, maxSockets = 64, onAnswer }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const times = [];
  const lags = [];
  const codes = new Map();
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  const pending = new Set();
  const interval = 1000 / rate;
  const start = performance.now();
  const end = start + seconds * 1000;

  function fire(due) {
    lags.push(performance.now() - due);
    const r = request.setupRequest ? request.setupRequest({ ...request, headers: { ...(request.headers ?? {}) } }) : request;
    const headers = { ...(r.headers ?? {}) };
    if (r.body !== undefined) headers['content-length'] = Buffer.byteLength(r.body);
    const done = new Promise((resolve) => {
      const req = http.request({ agent, host: url.hostname, port: url.port, method: r.method, path: r.path, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          onAnswer?.(r, status);
          if (status >= 200 && status <= 299) times.push(performance.now() - due);
          else {
            non2xx++;
            codes.set(status, (codes.get(status) ?? 0) + 1);
          }
          resolve();
        });
        res.on('error', () => {
          errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(r.body);
    });
    pending.add(done);
    done.then(() => pending.delete(done));
  }

  await new Promise((resolve) => {
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
  await Promise.all([...pending]);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const pctOf = (list, p) => (list.length ? list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)] : NaN);
  const pct = (p) => pctOf(times, p);
  return {
    rps: (times.length + non2xx) / seconds,
    offered: rate,
    sent,
    answered: times.length + non2xx,
    elapsed,
    p50: pct(50),
    p99: pct(99),
    max: times.length ? times[times.length - 1] : NaN,
    // How late this process sent requests (its own event loop busy or descheduled): part of the latencies above.
    sendLagP99: pctOf(lags, 99),
    sendLagMax: lags.length ? lags[lags.length - 1] : NaN,
    non2xx,
    errors,
    codes: [...codes].map(([code, count]) => `${code}x${count}`),
  };
}
