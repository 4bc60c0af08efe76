/**
 * Server CPU by layer, from a V8 CPU profile of the server (node --cpu-prof):
 * the samples taken during a measured window, each charged to the layer of
 * the nearest frame (from the running function up its callers) that belongs
 * to one. Native frames (JSON.parse, a socket write, crypto) and Node's own
 * internals are charged to the layer that called them: JSON.parse under pg is
 * database time, a write under pino is logging.
 *
 * Main thread only: work on libuv's thread pool (the RSA decryption itself)
 * is not in the profile, the time the main thread spends handing it over is.
 * Windows are on the monotonic clock in µs (process.hrtime in the bench and
 * V8's profile timestamps both read CLOCK_MONOTONIC on Linux).
 */
import { readFileSync } from 'node:fs';

/** The layers, in the order the table prints them. */
export const LAYERS = ['auth', 'validation', 'service', 'database', 'serialization', 'logging', 'http', 'gc', 'other'];

const RULES = [
  ['logging', (url) => /\/node_modules\/(pino[^/]*|sonic-boom|thread-stream|fast-redact|on-exit-leak-free|fast-safe-stringify)\//.test(url) || url.includes('/dist/observability/')],
  ['database', (url) => /\/node_modules\/(pg|pg-[a-z]+|postgres-[a-z]+|kysely|better-sqlite3)\//.test(url) || url.includes('/dist/db/')],
  ['validation', (url) => /\/node_modules\/(ajv[^/]*|@fastify\/ajv-compiler|fast-uri|@sinclair\/typebox)\//.test(url) || url.endsWith('/fastify/lib/validation.js')],
  [
    'serialization',
    (url, name) =>
      /\/node_modules\/(fast-json-stringify|@fastify\/fast-json-stringify-compiler|json-schema-ref-resolver)\//.test(url) ||
      (url.includes('/node_modules/fastify/lib/') && /serialize/i.test(name)),
  ],
  ['auth', (url) => url.includes('/dist/auth/')],
  ['service', (url) => url.includes('/dist/')],
  ['http', (url) => /\/node_modules\/(fastify|find-my-way|avvio|@fastify\/[^/]+|light-my-request|proxy-addr|content-type)\//.test(url)],
];

function layerOf(frame) {
  const { url, functionName } = frame.callFrame;
  if (!url) return undefined;
  for (const [layer, test] of RULES) if (test(url, functionName)) return layer;
  return undefined;
}

/**
 * For each window [fromUs, toUs], the main thread's busy samples by layer
 * (`busy` their sum); idle samples are left out. Samples, not the time
 * between them: on a busy machine that time includes the moments the thread
 * waited for a core. The caller scales the shares to the thread's CPU time.
 */
export function cpuByLayer(file, windows) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const layerOfNode = new Map();
  const resolveLayer = (id) => {
    let layer = layerOfNode.get(id);
    if (layer !== undefined) return layer;
    const name = byId.get(id).callFrame.functionName;
    if (name === '(garbage collector)') layer = 'gc';
    else if (name === '(idle)') layer = 'idle';
    else if (name === '(program)') layer = 'other';
    else {
      for (let at = id; at !== undefined && layer === undefined; at = parent.get(at)) layer = layerOf(byId.get(at));
      // Only Node's internals and native frames on the way to the root: the HTTP server and the event loop.
      layer ??= 'http';
    }
    layerOfNode.set(id, layer);
    return layer;
  };
  const out = windows.map(() => Object.fromEntries([...LAYERS, 'busy'].map((l) => [l, 0])));
  let t = profile.startTime;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i];
    const w = windows.findIndex(([from, to]) => t >= from && t < to);
    if (w < 0) continue;
    const layer = resolveLayer(samples[i]);
    if (layer === 'idle') continue;
    out[w][layer] += 1;
    out[w].busy += 1;
  }
  return out;
}
