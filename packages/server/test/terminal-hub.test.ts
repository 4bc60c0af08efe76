/**
 * The terminals' hub (payment-instructions/hub.ts) on its own: its heartbeat
 * checks each connection's token, and a check that fails because the database
 * is away (not because the token is invalid) must neither end the process
 * (an unhandled rejection from the timer did, in a chaos run's PostgreSQL
 * restart) nor drop the terminal. A unit test: the hub's collaborators are
 * stand-ins with just what the heartbeat uses.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { TokenInvalid, type TokenService } from '../src/auth/tokens.js';
import { TerminalHub } from '../src/payment-instructions/hub.js';
import type { PaymentInstructionService } from '../src/payment-instructions/service.js';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  closed: number | undefined;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    setImmediate(() => this.emit('pong'));
  }
  close(code: number) {
    this.closed = code;
  }
  terminate() {
    this.closed = -1;
  }
}

describe('the terminal hub heartbeat', () => {
  it('keeps the connection and the process when the token check fails for want of a database; closes it (4001) when the token is invalid', async () => {
    const warnings: string[] = [];
    const log = { warn: (_: unknown, msg: string) => warnings.push(msg), error: (_: unknown, msg: string) => warnings.push(msg) };
    let failure: Error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const tokens = { verify: async () => Promise.reject(failure), verifyCached: () => false } as unknown as TokenService;
    const instructions = { onChange: () => () => undefined, openFor: async () => [] } as unknown as PaymentInstructionService;
    const hub = new TerminalHub(instructions, tokens, log as never, { pollIntervalMs: 60_000, heartbeatMs: 20 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    // The heartbeat's timer (every 20 ms) moved by hand: each beat runs when the test says, however busy the machine.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'setImmediate'] });
    // Timers due within `ms` run, then a turn of the process, where an unhandled rejection is reported.
    const pass = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      await new Promise((resolve) => process.nextTick(resolve));
    };
    try {
      const socket = new FakeSocket();
      await hub.attach({
        socket: socket as never,
        organizationId: 'org',
        clientId: 'cli',
        terminalId: 'ter-1',
        token: 't',
        alive: true,
        sent: new Set(),
        queue: Promise.resolve(),
      });
      // The first beat: the token check fails for want of a database; the connection stays and answers the ping.
      await pass(20);
      expect(warnings.some((w) => /checking again at the next heartbeat/.test(w))).toBe(true);
      // More beats like it.
      await pass(100);
      expect(warnings.filter((w) => /checking again at the next heartbeat/.test(w)).length).toBeGreaterThanOrEqual(5);
      expect(unhandled).toEqual([]);
      expect(socket.closed).toBeUndefined();
      // The database back, the token revoked: the next beat closes the connection.
      failure = new TokenInvalid('revoked');
      await pass(20);
      expect(socket.closed).toBe(4001);
      expect(unhandled).toEqual([]);
    } finally {
      vi.useRealTimers();
      process.off('unhandledRejection', onUnhandled);
      await hub.close();
    }
  });
});
