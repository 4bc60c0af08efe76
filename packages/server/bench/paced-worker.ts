/**
 * The evenly paced load (paced.ts) on a worker thread of the bench: a heap of
 * its own, holding the requests to send and the latencies, so that the bench
 * process's major garbage collections (its heap holds everything the bench
 * has measured and set up) never pause the client mid-run. Measured
 * in-process on PostgreSQL, those pauses (10–15 ms every few seconds) were
 * most of the paced get's p99 (7–18 ms against 3.6 ms in a lean client).
 *
 * workerData: { base, request: { method, path, headers, body }, requests?, rate, seconds, warmupSeconds }.
 * Posts 'measuring' when the measured seconds start (after the warm-up), then the result.
 * `requests`, if given, are sent in order instead of `request` (bodies made in
 * advance by the case's setupRequest, a function that cannot cross threads).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { paced, type PacedRequest } from './paced.js';

/** What the bench passes the worker (see run.ts `pacedOnWorker`). */
export interface PacedWorkerData {
  base: string;
  request: PacedRequest;
  requests?: PacedRequest[];
  rate: number;
  seconds: number;
  warmupSeconds: number;
}

const { base, request, requests, rate, seconds, warmupSeconds } = workerData as PacedWorkerData;
const port = parentPort;
if (!port) throw new Error('paced-worker: runs on a worker thread only');
let next = 0;
const result = await paced({
  base,
  rate,
  seconds,
  warmupSeconds,
  onMeasuring: () => port.postMessage('measuring'),
  request: requests
    ? {
        ...request,
        setupRequest: () => {
          if (next >= requests.length) throw new Error('paced-worker: more requests due than were made in advance');
          const r = requests[next++];
          if (!r) throw new Error('paced-worker: more requests due than were made in advance');
          return r;
        },
      }
    : request,
});
port.postMessage(result);
