/**
 * PostgreSQL only: a connection of its own that LISTENs on the instruction
 * channel, so a process holding a terminal's socket hears of an instruction
 * created through another process at its commit. If the connection fails, the
 * hub's poll still delivers (within PAYMENT_INSTRUCTION_POLL_MS), and the next
 * terminal that connects opens a new one.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { INSTRUCTION_CHANNEL } from './service.js';

export type InstructionListener = (onTerminal: (terminalId: string) => void) => Promise<{ readonly closed: boolean; close(): Promise<void> }>;

export function postgresListener(connectionString: string, log: FastifyBaseLogger): InstructionListener {
  return async (onTerminal) => {
    const client = new pg.Client({ connectionString });
    let closed = false;
    client.on('notification', (message) => {
      if (message.channel === INSTRUCTION_CHANNEL && message.payload) onTerminal(message.payload);
    });
    client.on('error', (error) => {
      if (!closed) log.warn({ err: error }, 'payment instruction listener lost its connection; polling only');
      closed = true;
      void client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query(`LISTEN ${INSTRUCTION_CHANNEL}`);
    return {
      get closed() {
        return closed;
      },
      async close() {
        if (closed) return;
        closed = true;
        await client.end().catch(() => undefined);
      },
    };
  };
}
