/**
 * RSA-OAEP-SHA256 private decryptions (a card's CVV, a tokenized card's fields)
 * on worker threads of their own, never on the event loop.
 *
 * Why not WebCrypto: `crypto.subtle.decrypt` runs on libuv's thread pool, and
 * handing it a job signals the pool's condition variable, which in glibc waits
 * until the threads woken by the previous signals have run. On a busy machine
 * (two cores: the event loop, the pool, the load, SQLite's checkpoint thread)
 * the event loop stopped there for milliseconds at a time, 63 ms in 4 s of a
 * create-payment run, and the requests behind it waited with it
 * (docs/benchmarks-history.md, "2026-11-26, group commit on SQLite, decryptions
 * on worker threads, shorter checkpoints"; commit b72e133). A message to a worker
 * wakes it through its own event loop and never waits. The workers use the synchronous
 * `crypto.privateDecrypt`, which also decrypts a little faster than WebCrypto.
 *
 * Workers: one per core beyond the first (at least one, at most four), each
 * given a key once and then naming it by `kid`. A request goes to the worker
 * with the fewest in flight. A worker that dies fails what it had in hand and
 * is replaced on the next request.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { KeyObject } from 'node:crypto';

/** The worker: plain JavaScript run with `eval`, as the SQLite checkpointer's (a worker cannot load TypeScript). */
const WORKER_SOURCE = `
  const { parentPort } = require('node:worker_threads');
  const { privateDecrypt, constants } = require('node:crypto');
  const keys = new Map();
  parentPort.on('message', ({ id, kid, key, values }) => {
    if (key) keys.set(kid, key);
    const privateKey = keys.get(kid);
    const clear = values.map((value) => {
      try {
        return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, value).toString('utf8');
      } catch {
        return null;
      }
    });
    parentPort.postMessage({ id, clear });
  });
`;

interface Slot {
  worker: Worker;
  kids: Set<string>;
  pending: Map<number, { resolve: (clear: Array<string | null>) => void; reject: (error: Error) => void }>;
}

export class RsaDecryptor {
  readonly #size: number;
  #slots: Slot[] = [];
  #nextId = 1;
  #closed = false;

  constructor(size = Math.max(1, Math.min(4, availableParallelism() - 1))) {
    this.#size = size;
  }

  /** Each value decrypted with `key` (named `kid`), or undefined where it does not decrypt with it. */
  async decrypt(kid: string, key: KeyObject, values: Uint8Array[]): Promise<Array<string | undefined>> {
    if (values.length === 0) return [];
    if (this.#closed) throw new Error('the decryptor is closed');
    const slot = this.#slot();
    const id = this.#nextId++;
    const first = !slot.kids.has(kid);
    slot.kids.add(kid);
    const clear = await new Promise<Array<string | null>>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, kid, key: first ? key : undefined, values });
    });
    return clear.map((value) => value ?? undefined);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const slots = this.#slots;
    this.#slots = [];
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  #slot(): Slot {
    let best: Slot | undefined;
    for (const slot of this.#slots) if (!best || slot.pending.size < best.pending.size) best = slot;
    if (best && (best.pending.size === 0 || this.#slots.length >= this.#size)) return best;
    return this.#start();
  }

  #start(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    // It must not keep the process alive: the server's close terminates it.
    worker.unref();
    const slot: Slot = { worker, kids: new Set(), pending: new Map() };
    worker.on('message', ({ id, clear }: { id: number; clear: Array<string | null> }) => {
      const waiting = slot.pending.get(id);
      slot.pending.delete(id);
      waiting?.resolve(clear);
    });
    const fail = (error: Error) => {
      this.#slots = this.#slots.filter((other) => other !== slot);
      for (const waiting of slot.pending.values()) waiting.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the decryption worker stopped (exit code ${code})`)));
    this.#slots.push(slot);
    return slot;
  }
}
