/**
 * The turns at SQLite's write lock between the event loop's writer and the
 * checkpoint thread's WAL restart (db/wal-gate.ts), with a real worker thread
 * running the restart side as the checkpoint thread does.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import SQLite from '../src/db/sqlite-driver.js';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { groupCommitDialect } from '../src/db/group-commit.js';
import { RESTART_IN_TURN_SOURCE, WalGate } from '../src/db/wal-gate.js';

/** A checkpoint thread whose "restart" says it began, then holds the lock until `finish()`. */
function restarter(gate: WalGate, waitMs: number) {
  const control = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `${RESTART_IN_TURN_SOURCE}
    const { workerData, parentPort } = require('node:worker_threads');
    const control = new Int32Array(workerData.control);
    parentPort.postMessage('waiting');
    const result = restartInTurn(workerData.gate, workerData.waitMs, () => {
      parentPort.postMessage('began');
      Atomics.wait(control, 0, 0);
      return 'restarted';
    });
    parentPort.postMessage(result === undefined ? 'gave up' : 'done');`,
    { eval: true, workerData: { gate: gate.buffer, control: control.buffer, waitMs } },
  );
  const said: string[] = [];
  const heard = (what: string) =>
    new Promise<void>((resolve) => {
      if (said.includes(what)) return resolve();
      const listen = (message: string) => {
        if (message !== what) return;
        worker.off('message', listen);
        resolve();
      };
      worker.on('message', listen);
    });
  worker.on('message', (message: string) => said.push(message));
  const finish = () => {
    Atomics.store(control, 0, 1);
    Atomics.notify(control, 0);
  };
  return { worker, said, heard, finish };
}

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
});

/** A restart that has begun and holds the lock until its `finish()`. */
async function runningRestart(gate: WalGate) {
  const r = restarter(gate, 10_000);
  workers.push(r.worker);
  await r.heard('began');
  return r;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('WalGate', () => {
  it('a restart waits for the write under way, and no new write begins while it waits', async () => {
    const gate = new WalGate();
    expect(gate.tryEnter()).toBe(true);
    const r = restarter(gate, 10_000);
    workers.push(r.worker);
    await r.heard('waiting');
    await tick();
    expect(r.said).not.toContain('began');
    gate.leave();
    // The waiting restart goes first, even before its thread has woken up to take the lock.
    expect(gate.tryEnter()).toBe(false);
    await r.heard('began');
    // The restart holds the lock: the writer's next turn comes after it.
    expect(gate.tryEnter()).toBe(false);
    r.finish();
    await r.heard('done');
    expect(gate.tryEnter()).toBe(true);
    gate.leave();
  });

  it('a write waits for a running restart without stopping the event loop, and goes once it ends', async () => {
    const gate = new WalGate();
    const r = await runningRestart(gate);
    let entered = false;
    const entering = gate.enter().then(() => (entered = true));
    // Timers still fire while the write waits.
    let ticks = 0;
    for (let i = 0; i < 3; i++) {
      await tick();
      ticks++;
    }
    expect(ticks).toBe(3);
    expect(entered).toBe(false);
    r.finish();
    await entering;
    expect(entered).toBe(true);
    gate.leave();
    await r.heard('done');
  });

  it('a restart that waited too long for the write gives up, and the writer carries on', async () => {
    const gate = new WalGate();
    expect(gate.tryEnter()).toBe(true);
    const r = restarter(gate, 50);
    workers.push(r.worker);
    await r.heard('gave up');
    expect(r.said).not.toContain('began');
    gate.leave();
    expect(gate.tryEnter()).toBe(true);
    gate.leave();
  });

  it('a checkpoint thread that ends while it holds the lock leaves no write waiting (reset)', async () => {
    const gate = new WalGate();
    const r = restarter(gate, 10_000);
    await r.heard('began');
    const entering = gate.enter();
    await r.worker.terminate();
    gate.reset();
    await entering;
    gate.leave();
  });

  it('writes that waited for the same restart take turns, each once the one before has given the lock back', async () => {
    const gate = new WalGate();
    const r = await runningRestart(gate);
    const order: string[] = [];
    const write = async (name: string) => {
      await gate.enter();
      order.push(`${name} in`);
      await tick();
      order.push(`${name} out`);
      gate.leave();
    };
    const both = Promise.all([write('a'), write('b')]);
    r.finish();
    await both;
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(gate.tryEnter()).toBe(true);
    gate.leave();
  });

  it('a process whose only work left is a write waiting for a restart stays alive until the write is done', async () => {
    // A command-line run (the built module, as the CLI runs it): the checkpoint thread is unref'd, and
    // Atomics.waitAsync alone keeps nothing alive, so without a handle of its own the process exited.
    const gateModule = fileURLToPath(new URL('../dist/db/wal-gate.js', import.meta.url));
    const script = `
      import { Worker } from 'node:worker_threads';
      import { RESTART_IN_TURN_SOURCE, WalGate } from ${JSON.stringify(gateModule)};
      const gate = new WalGate();
      const worker = new Worker(RESTART_IN_TURN_SOURCE + \`
        const { workerData, parentPort } = require('node:worker_threads');
        restartInTurn(workerData, 10000, () => { parentPort.postMessage('began'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300); });\`,
        { eval: true, workerData: gate.buffer, execArgv: [] });
      worker.unref();
      await new Promise((resolve) => worker.once('message', resolve));
      await gate.enter();
      gate.leave();
      console.log('written');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 10_000 });
    expect(stdout.trim()).toBe('written');
  });

  it('through the group commit: while a restart holds the lock, reads go on, and single writes and transactions wait for its end', async () => {
    const sqlite = new SQLite(join(mkdtempSync(join(tmpdir(), 'pasarela-gate-')), 'db.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table notes (id text primary key)');
    const gate = new WalGate();
    const db = new Kysely<{ notes: { id: string } }>({
      dialect: groupCommitDialect(
        sqlite,
        () => sqlite.inTransaction,
        gate,
        (text) => sqlite.prepare(text).readonly,
      ),
    });
    try {
      const r = await runningRestart(gate);
      const done: string[] = [];
      const single = db
        .insertInto('notes')
        .values({ id: 'single' })
        .execute()
        .then(() => done.push('single'));
      const transaction = db
        .transaction()
        .execute((trx) => trx.insertInto('notes').values({ id: 'grouped' }).execute())
        .then(() => done.push('transaction'));
      const count = async () => Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]!.n);
      expect(await count()).toBe(0);
      await tick();
      expect(done).toEqual([]);
      r.finish();
      await Promise.all([single, transaction]);
      expect(done.sort()).toEqual(['single', 'transaction']);
      expect(await count()).toBe(2);
    } finally {
      await db.destroy();
    }
  });
});
