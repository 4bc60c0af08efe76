/**
 * The terminals connected to this process over
 * `/v1/payment-instructions/ws`, and how instructions reach them.
 *
 * Delivery needs no shared memory between processes:
 * - a terminal that connects receives at once every open instruction of its
 *   own (PENDING ones are marked DELIVERED; DELIVERED and ACKNOWLEDGED ones,
 *   left by an earlier connection, are sent again);
 * - an instruction created in this process is pushed at once to the terminal
 *   if it is connected here;
 * - on PostgreSQL, the transaction that creates an instruction NOTIFYs its
 *   terminal id, and each process with connected terminals LISTENs
 *   (listener.ts): one created through another process arrives at its commit
 *   (one created while the LISTEN was being set up, by a read once it is);
 * - every PAYMENT_INSTRUCTION_POLL_MS (1 s), while terminals are connected,
 *   the process also reads the PENDING instructions of its terminals, so
 *   nothing waits longer than that if a notification is lost (SQLite has no
 *   NOTIFY: one process, whose own instructions are pushed at once).
 * PENDING -> DELIVERED is a compare-and-set, so an instruction is delivered
 * by exactly one process. A connection is sent each instruction once: an
 * instruction pushed to it while it was reading the open ones, or sent to it
 * when another connection of its terminal connected, is not sent again.
 *
 * Every connection is pinged every PAYMENT_INSTRUCTION_HEARTBEAT_SECONDS (30 s;
 * a terminal that does not answer is dropped) and its token is checked again then: a token that expired or was
 * revoked closes the connection with code 4001. The token is also checked before each message the terminal
 * sends (from the token cache when it was checked within TOKEN_REVOCATION_CACHE_MS), so a revoked token
 * acts no more: its next message closes the connection with 4001, unanswered.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket, RawData } from 'ws';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { TokenInvalid, type TokenService } from '../auth/tokens.js';
import { OPEN_STATUSES, TerminalError, type PaymentInstructionService } from './service.js';
import { instructionView, type InstructionRow } from './view.js';
import type { InstructionListener } from './listener.js';

/** Close codes the terminal may see (4000-4999 are the application's). */
export const CLOSE_CODES = { tokenInvalid: 4001, shuttingDown: 1001 } as const;

const ENTRY_MODES = ['chip', 'contactless', 'swipe'] as const;
const CARD_FIELDS = ['encrypted_number', 'encrypted_expiration_month', 'encrypted_expiration_year', 'encrypted_holder_name'] as const;

export interface TerminalConnection {
  socket: WebSocket;
  organizationId: string;
  /** The API client whose token opened the connection: the fraud rules count its payments against it. */
  clientId: string;
  terminalId: string;
  /** The Bearer token the connection was opened with, checked again at each heartbeat. */
  token: string;
  alive: boolean;
  /** The open instructions this connection was sent: none is sent twice on one connection. */
  sent: Set<string>;
  /** Messages are handled one at a time, in order. */
  queue: Promise<void>;
}

export class TerminalHub {
  private readonly byTerminal = new Map<string, Set<TerminalConnection>>();
  private pollTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private polling = false;
  private closed = false;
  private readonly unsubscribe: () => void;
  private listening: Awaited<ReturnType<InstructionListener>> | undefined;
  private subscribing: Promise<void> | undefined;

  constructor(
    private readonly instructions: PaymentInstructionService,
    private readonly tokens: TokenService,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollIntervalMs: number; heartbeatMs: number; listen?: InstructionListener },
  ) {
    this.unsubscribe = instructions.onChange((row) => void this.onChange(row));
  }

  /** Terminals connected here (for tests and metrics). */
  get connections(): number {
    let n = 0;
    for (const set of this.byTerminal.values()) n += set.size;
    return n;
  }

  async attach(connection: TerminalConnection): Promise<void> {
    const { socket, terminalId } = connection;
    let set = this.byTerminal.get(terminalId);
    if (!set) this.byTerminal.set(terminalId, (set = new Set()));
    set.add(connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (data: RawData) => {
      connection.queue = connection.queue
        .then(() => this.handle(connection, data))
        .catch((error: unknown) => this.log.error({ err: error }, 'payment instruction socket message failed'));
    });
    socket.on('close', () => this.detach(connection));
    this.send(connection, { type: 'ready', terminal_id: terminalId });
    this.schedule();
    this.listen();
    try {
      await this.deliver(await this.instructions.openFor([{ terminalId, organizationId: connection.organizationId }], OPEN_STATUSES));
    } catch (error) {
      this.log.error({ err: error }, 'delivering open payment instructions failed');
    }
  }

  /** These terminals, connected here, each with its organization (a terminal belongs to one). */
  private connected(terminalIds: string[]): Array<{ terminalId: string; organizationId: string }> {
    const terminals: Array<{ terminalId: string; organizationId: string }> = [];
    for (const terminalId of terminalIds) {
      const first = this.byTerminal.get(terminalId)?.values().next().value;
      if (first) terminals.push({ terminalId, organizationId: first.organizationId });
    }
    return terminals;
  }

  private detach(connection: TerminalConnection): void {
    const set = this.byTerminal.get(connection.terminalId);
    set?.delete(connection);
    if (set && set.size === 0) this.byTerminal.delete(connection.terminalId);
  }

  private send(connection: TerminalConnection, message: unknown): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  }

  private broadcast(terminalId: string, message: unknown): void {
    for (const connection of this.byTerminal.get(terminalId) ?? []) this.send(connection, message);
  }

  /** An open instruction to each connection of its terminal here that was not sent it yet. */
  private offer(row: InstructionRow): void {
    const message = { type: 'instruction', instruction: instructionView(row) };
    for (const connection of this.byTerminal.get(row.terminal_id) ?? []) {
      if (connection.sent.has(row.id)) continue;
      connection.sent.add(row.id);
      this.send(connection, message);
    }
  }

  /** An instruction that is over (paid, failed, expired) is never sent again: its connections forget it. */
  private forget(terminalId: string, instructionId: string): void {
    for (const connection of this.byTerminal.get(terminalId) ?? []) connection.sent.delete(instructionId);
  }

  /** Sends instructions to their terminals here; a PENDING one only if this process wins its delivery. */
  private async deliver(rows: InstructionRow[]): Promise<void> {
    for (const row of rows) {
      if (!this.byTerminal.has(row.terminal_id)) continue;
      const current = row.status === 'PENDING' ? await this.instructions.markDelivered(row) : row;
      if (current) this.offer(current);
    }
  }

  private async onChange(row: InstructionRow): Promise<void> {
    if (this.closed || !this.byTerminal.has(row.terminal_id)) return;
    try {
      if (row.status === 'PENDING') await this.deliver([row]);
      else if (row.status === 'EXPIRED') {
        this.broadcast(row.terminal_id, { type: 'expired', instruction: instructionView(row) });
        this.forget(row.terminal_id, row.id);
      }
    } catch (error) {
      this.log.error({ err: error }, 'pushing a payment instruction failed');
    }
  }

  /** PostgreSQL: hears of instructions created by other processes at their commit (listener.ts). */
  private listen(): void {
    const listen = this.options.listen;
    if (!listen || this.closed || this.subscribing || (this.listening && !this.listening.closed)) return;
    this.subscribing = listen((terminalId) => void this.onNotified(terminalId))
      .then(async (subscription) => {
        if (this.closed) return subscription.close();
        this.listening = subscription;
        // What was created while the LISTEN was being set up was notified to nobody here: read it now.
        try {
          await this.deliver(await this.instructions.openFor(this.connected([...this.byTerminal.keys()]), ['PENDING']));
        } catch (error) {
          this.log.error({ err: error }, 'delivering payment instructions after LISTEN failed; the poll delivers them');
        }
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not listen for payment instructions; polling only'))
      .finally(() => (this.subscribing = undefined));
  }

  private async onNotified(terminalId: string): Promise<void> {
    if (this.closed || !this.byTerminal.has(terminalId)) return;
    try {
      await this.deliver(await this.instructions.openFor(this.connected([terminalId]), ['PENDING']));
    } catch (error) {
      this.log.error({ err: error }, 'delivering a notified payment instruction failed');
    }
  }

  /** Starts the poll and the heartbeat while terminals are connected. */
  private schedule(): void {
    if (this.closed) return;
    if (!this.pollTimer) {
      this.pollTimer = setTimeout(() => void this.poll(), this.options.pollIntervalMs);
      this.pollTimer.unref();
    }
    if (!this.heartbeatTimer) {
      this.heartbeatTimer = setInterval(
        () => void this.heartbeat().catch((error: unknown) => this.log.error({ err: error }, 'terminal heartbeat failed')),
        this.options.heartbeatMs,
      );
      this.heartbeatTimer.unref();
    }
  }

  private async poll(): Promise<void> {
    this.pollTimer = undefined;
    if (this.closed || this.byTerminal.size === 0 || this.polling) return;
    this.polling = true;
    try {
      await this.deliver(await this.instructions.openFor(this.connected([...this.byTerminal.keys()]), ['PENDING']));
    } catch (error) {
      this.log.error({ err: error }, 'polling payment instructions failed');
    } finally {
      this.polling = false;
      if (this.byTerminal.size > 0) this.schedule();
    }
  }

  private async heartbeat(): Promise<void> {
    if (this.byTerminal.size === 0) {
      clearInterval(this.heartbeatTimer);
      this.heartbeatTimer = undefined;
      return;
    }
    for (const set of this.byTerminal.values()) {
      for (const connection of set) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
        try {
          await this.tokens.verify(connection.token);
        } catch (error) {
          // The database away (a restart): the token is checked again at the next beat. This ran
          // unhandled from the timer before, and a PostgreSQL restart ended the process (the chaos run).
          if (!(error instanceof TokenInvalid)) {
            this.log.warn({ err: error }, "could not check a terminal connection's token; checking again at the next heartbeat");
            continue;
          }
          connection.socket.close(CLOSE_CODES.tokenInvalid, 'token expired or revoked');
        }
      }
    }
  }

  /** Whether the connection's token is still live; if not, closes the connection (4001). */
  private async tokenLive(connection: TerminalConnection): Promise<boolean> {
    if (connection.socket.readyState !== connection.socket.OPEN) return false;
    if (this.tokens.verifyCached(connection.token)) return true;
    try {
      await this.tokens.verify(connection.token);
      return true;
    } catch (error) {
      if (!(error instanceof TokenInvalid)) throw error;
      connection.socket.close(CLOSE_CODES.tokenInvalid, 'token expired or revoked');
      return false;
    }
  }

  /** One message from a terminal; each gets exactly one answer (none once its token is no longer live). */
  private async handle(connection: TerminalConnection, data: RawData): Promise<void> {
    if (!(await this.tokenLive(connection))) return;
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(Array.isArray(data) ? Buffer.concat(data) : data));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      message = parsed as Record<string, unknown>;
    } catch {
      this.send(connection, { type: 'error', error: { code: 'invalid_request', message: 'Each message is one JSON object.', details: [] } });
      return;
    }
    const instructionId = typeof message.instruction_id === 'string' ? message.instruction_id : undefined;
    const terminal = { organizationId: connection.organizationId, clientId: connection.clientId, terminalId: connection.terminalId };
    try {
      if (message.type === 'ack') {
        const instruction = await this.instructions.acknowledge(terminal, message.instruction_id);
        this.send(connection, { type: 'acknowledged', instruction });
      } else if (message.type === 'result') {
        const { card, entryMode } = resultProblems(message);
        const { instruction, payment } = await this.instructions.report(terminal, message.instruction_id, card, entryMode);
        this.send(connection, { type: 'payment', instruction, payment });
        if (!OPEN_STATUSES.includes(instruction.status)) this.forget(connection.terminalId, instruction.id);
      } else {
        throw new TerminalError('validation_failed', 'The message is invalid.', [{ field: 'type', message: 'must be ack or result' }]);
      }
    } catch (error) {
      const known = error instanceof TerminalError || error instanceof ApiError;
      if (!known) this.log.error({ err: error }, 'payment instruction message failed');
      const body = known
        ? { code: error.code, message: error.message, details: error.details }
        : { code: 'internal_error', message: 'The message could not be handled; send it again.', details: [] };
      this.send(connection, { type: 'error', ...(instructionId ? { instruction_id: instructionId } : {}), error: body });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    clearTimeout(this.pollTimer);
    clearInterval(this.heartbeatTimer);
    for (const set of this.byTerminal.values()) for (const connection of set) connection.socket.close(CLOSE_CODES.shuttingDown, 'server shutting down');
    this.byTerminal.clear();
    await this.subscribing;
    await this.listening?.close();
  }
}

/** Checks a result message's shape, naming every problem (the socket's 422). */
function resultProblems(message: Record<string, unknown>): {
  card: Record<(typeof CARD_FIELDS)[number], string> & { encrypted_cvv?: string };
  entryMode: (typeof ENTRY_MODES)[number];
} {
  const details: ErrorDetail[] = [];
  if (typeof message.instruction_id !== 'string' || message.instruction_id === '') details.push({ field: 'instruction_id', message: 'is required' });
  if (!ENTRY_MODES.includes(message.entry_mode as never)) details.push({ field: 'entry_mode', message: `must be one of ${ENTRY_MODES.join(', ')}` });
  const card = message.card;
  if (typeof card !== 'object' || card === null || Array.isArray(card))
    details.push({ field: 'card', message: 'must be an object with the encrypted_* fields of the card read' });
  else {
    const fields = card as Record<string, unknown>;
    for (const f of CARD_FIELDS) {
      if (typeof fields[f] !== 'string' || fields[f] === '' || fields[f].length > 2048)
        details.push({ field: `card.${f}`, message: 'is required (a base64 string)' });
    }
    if (fields.encrypted_cvv !== undefined && (typeof fields.encrypted_cvv !== 'string' || fields.encrypted_cvv.length > 2048)) {
      details.push({ field: 'card.encrypted_cvv', message: 'must be a base64 string when present' });
    }
  }
  if (details.length > 0) throw new TerminalError('validation_failed', 'The message is invalid.', details);
  const fields = card as Record<string, string>;
  return {
    card: {
      encrypted_number: fields.encrypted_number!,
      encrypted_expiration_month: fields.encrypted_expiration_month!,
      encrypted_expiration_year: fields.encrypted_expiration_year!,
      encrypted_holder_name: fields.encrypted_holder_name!,
      ...(fields.encrypted_cvv ? { encrypted_cvv: fields.encrypted_cvv } : {}),
    },
    entryMode: message.entry_mode as (typeof ENTRY_MODES)[number],
  };
}
