/**
 * The card-present side of a chaos run: a merchant, a point of sale and two
 * terminals attached to it, each driven by the sandbox's terminal simulator
 * (examples/terminal-simulator.mjs --wait) connected through nginx to
 * whichever gateway process nginx picks. One terminal reads an approving card,
 * the other a declined one. A simulator whose connection ends (its gateway was
 * killed, paused past nginx's timeout, or the token went stale) exits; the
 * harness starts it again after a second, as a terminal's own reconnect loop
 * would, and the gateway then sends it every instruction still open.
 *
 * What the simulators report ("payment pay-...: STATUS") is kept: each is an
 * answer whose effect must exist (invariants.mjs).
 */
import { spawn } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, sleep } from './infra.mjs';

export const TERMINAL_CARDS = { approve: '4242424242424242', decline: '4000000000000002' };

/** The merchant, point of sale and two terminals, through the careful merchant (every write keyed). */
export async function prepareTerminals(merchant, runId) {
  const c = merchant.client;
  const must = async (kind, fn) => {
    const result = await merchant.call(kind, fn);
    if (!result.ok) throw new Error(`could not set up the terminals (${kind}): ${result.error?.message ?? result.error}`);
    return result.result;
  };
  const store = await must('merchant.create', (o) => c.merchants.create({ name: `chaos ${runId} store` }, o));
  const point = await must('pointOfSale.create', (o) => c.pointsOfSale.create({ merchant_id: store.id, name: 'chaos till' }, o));
  const terminals = [];
  for (const behaviour of Object.keys(TERMINAL_CARDS)) {
    const terminal = await must('terminal.create', (o) =>
      c.terminals.create({ serial: `CHAOS-${runId}-${behaviour}`.toUpperCase(), model: 'Pasarela terminal simulator' }, o),
    );
    terminals.push({ id: terminal.id, behaviour });
  }
  await must('pointOfSale.terminals.update', (o) => c.pointsOfSale.terminals.update(point.id, { add: terminals.map((t) => t.id) }, o));
  return terminals;
}

/** One terminal simulator, started again whenever it exits, until `stop()`. */
export class TerminalSimulator {
  constructor({ terminal, baseUrl, clientId, clientSecret, logDir }) {
    this.terminal = terminal;
    this.env = {
      ...process.env,
      PASARELA_URL: baseUrl,
      PASARELA_AUDIENCE: baseUrl,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      TERMINAL_ID: terminal.id,
      CARD: TERMINAL_CARDS[terminal.behaviour],
      ENTRY_MODE: 'chip',
    };
    this.logFile = join(logDir, `terminal-${terminal.behaviour}.log`);
    this.starts = 0;
    this.connections = 0;
    this.payments = new Map(); // payment id -> last status the simulator was told
    this.running = false;
  }

  start() {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        await this.runOnce();
        if (this.running) await sleep(1000);
      }
    })();
  }

  runOnce() {
    return new Promise((resolve) => {
      const out = openSync(this.logFile, 'a');
      this.starts++;
      const child = spawn(process.execPath, [join(ROOT, 'examples/terminal-simulator.mjs'), '--wait'], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
      this.child = child;
      let buffer = '';
      child.stdout.on('data', (data) => {
        writeFileSync(out, data);
        buffer += data.toString();
        let newline;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (/connected as terminal/.test(line)) this.connections++;
          const paid = /\] payment (\S+): ([A-Z_]+) /.exec(line);
          if (paid) this.payments.set(paid[1], paid[2]);
        }
      });
      child.stderr.on('data', (data) => writeFileSync(out, data));
      child.once('exit', () => resolve());
    });
  }

  async stop() {
    this.running = false;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.loop;
  }
}
