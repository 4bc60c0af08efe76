/**
 * The evenly paced load (paced.js) on a worker thread of the bench: a heap of
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
import { paced } from './paced.js';

const { base, request, requests, rate, seconds, warmupSeconds } = workerData;
let next = 0;
const result = await paced({
  base,
  rate,
  seconds,
  warmupSeconds,
  onMeasuring: () => parentPort.postMessage('measuring'),
  request: requests
    ? {
        ...request,
        setupRequest: () => {
          if (next >= requests.length) throw new Error('paced-worker: more requests due than were made in advance');
          return requests[next++];
        },
      }
    : request,
});
parentPort.postMessage(result);
