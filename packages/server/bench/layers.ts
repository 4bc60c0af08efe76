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

/** A V8 CPU profile (the .cpuprofile JSON that node --cpu-prof writes), the parts read here. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number; scriptId: string };
  children?: number[];
}

export type Layer = 'auth' | 'validation' | 'service' | 'database' | 'serialization' | 'logging' | 'http' | 'gc' | 'other';

/** Busy samples by layer in one window, and their sum. */
export type LayerSamples = Record<Layer | 'busy', number>;

/** The layers, in the order the table prints them. */
export const LAYERS: readonly Layer[] = ['auth', 'validation', 'service', 'database', 'serialization', 'logging', 'http', 'gc', 'other'];

const RULES: [Layer, (url: string, name: string) => boolean][] = [
  [
    'logging',
    (url) =>
      /\/node_modules\/(pino[^/]*|sonic-boom|thread-stream|fast-redact|on-exit-leak-free|fast-safe-stringify)\//.test(url) ||
      url.includes('/dist/observability/'),
  ],
  ['database', (url) => /\/node_modules\/(pg|pg-[a-z]+|postgres-[a-z]+|kysely|better-sqlite3)\//.test(url) || url.includes('/dist/db/')],
  [
    'validation',
    (url) => /\/node_modules\/(ajv[^/]*|@fastify\/ajv-compiler|fast-uri|@sinclair\/typebox)\//.test(url) || url.endsWith('/fastify/lib/validation.js'),
  ],
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

function layerOf(frame: ProfileNode): Layer | undefined {
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
export function cpuByLayer(file: string, windows: [number, number][]): LayerSamples[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const node = (id: number): ProfileNode => {
    const n = byId.get(id);
    if (!n) throw new Error(`layers: no node ${id} in ${file}`);
    return n;
  };
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const layerOfNode = new Map<number, Layer | 'idle'>();
  const resolveLayer = (id: number): Layer | 'idle' => {
    let layer = layerOfNode.get(id);
    if (layer !== undefined) return layer;
    const name = node(id).callFrame.functionName;
    if (name === '(garbage collector)') layer = 'gc';
    else if (name === '(idle)') layer = 'idle';
    else if (name === '(program)') layer = 'other';
    else {
      let found: Layer | undefined;
      for (let at: number | undefined = id; at !== undefined && found === undefined; at = parent.get(at)) found = layerOf(node(at));
      // Only Node's internals and native frames on the way to the root: the HTTP server and the event loop.
      layer = found ?? 'http';
    }
    layerOfNode.set(id, layer);
    return layer;
  };
  const out = windows.map(() => Object.fromEntries([...LAYERS, 'busy'].map((l) => [l, 0])) as LayerSamples);
  let t = profile.startTime;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i] ?? 0;
    const w = windows.findIndex(([from, to]) => t >= from && t < to);
    if (w < 0) continue;
    const counts = out[w];
    const sample = samples[i];
    if (!counts || sample === undefined) continue;
    const layer = resolveLayer(sample);
    if (layer === 'idle') continue;
    counts[layer] += 1;
    counts.busy += 1;
  }
  return out;
}
