/**
 * A terminal simulator for the tests: a real WebSocket client (`ws`) on
 * /v1/payment-instructions/ws that queues what the gateway sends, so a test
 * can wait for the next message of a type, and sends acks and card reads.
 */
import WebSocket from 'ws';
import type { webcrypto } from 'node:crypto';
import { expect } from 'vitest';
import { encrypt } from './cards.js';
import type { HttpClient } from './gateway.js';

// The messages are JSON the tests inspect freely.
type Fields = Record<string, unknown>;
/**
 * A message of the terminal protocol (docs/sandbox.md). Its parts are typed as
 * present so tests read them directly; a test reading a part its message lacks fails.
 */
export interface Message {
  type: string;
  instruction: Fields & { id: string; status: string };
  payment: Fields & { id: string; status: string; approval_code?: string };
  error: Fields & { code: string; message: string; details: Array<{ field: string; message: string }> };
  [key: string]: unknown;
}

export function socketUrl(baseUrl: string, terminalId?: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/v1/payment-instructions/ws${terminalId === undefined ? '' : `?terminal_id=${encodeURIComponent(terminalId)}`}`;
}

/** The card read a terminal reports: the encrypted fields, without CVV (chip and contactless reads have none). */
export async function cardRead(key: webcrypto.CryptoKey, number: string, options: { cvv?: string } = {}) {
  return {
    encrypted_number: await encrypt(key, number),
    encrypted_expiration_month: await encrypt(key, '12'),
    encrypted_expiration_year: await encrypt(key, String(new Date().getUTCFullYear() + 3)),
    encrypted_holder_name: await encrypt(key, 'Ana María Gómez'),
    ...(options.cvv ? { encrypted_cvv: await encrypt(key, options.cvv) } : {}),
  };
}

export class TestTerminal {
  private readonly inbox: Message[] = [];
  private readonly waiters = new Set<() => void>();
  closed: { code: number; reason: string } | undefined;
  /** The gateway's heartbeat pings received (`ws` answers each with a pong). */
  pings = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('ping', () => this.pings++);
    socket.on('message', (data) => {
      this.inbox.push(JSON.parse(data.toString()) as Message);
      for (const wake of this.waiters) wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const wake of this.waiters) wake();
    });
  }

  /** Connects and waits for the gateway's `ready`. */
  static async connect(baseUrl: string, token: string, terminalId: string): Promise<TestTerminal> {
    const socket = new WebSocket(socketUrl(baseUrl, terminalId), { headers: { authorization: `Bearer ${token}` } });
    const terminal = new TestTerminal(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
    const ready = await terminal.next('ready');
    if (ready.terminal_id !== terminalId) throw new Error(`ready for ${ready.terminal_id}`);
    return terminal;
  }

  /** The HTTP answer to an upgrade the gateway refuses (status and JSON body); throws if the socket opens. */
  static refusal(baseUrl: string, headers: Record<string, string>, terminalId?: string): Promise<{ status: number; body: Message }> {
    const socket = new WebSocket(socketUrl(baseUrl, terminalId), { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        socket.close();
        reject(new Error(`the socket opened (${JSON.stringify(headers).slice(0, 40)} ${terminalId})`));
      });
      socket.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : { type: 'empty' }) as Message }));
      });
      socket.once('error', (error) => {
        if (!/Unexpected server response/.test(error.message)) reject(error);
      });
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first unread message of this type (and matching `where`), waiting up to `timeoutMs`. */
  async next(type: string, where: (m: Message) => boolean = () => true, timeoutMs = 10_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.inbox.findIndex((m) => m.type === type && where(m));
      if (index >= 0) return this.inbox.splice(index, 1)[0]!;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for ${type}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms; received: ${JSON.stringify(this.inbox)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** Messages received and not yet read. */
  pending(): Message[] {
    return [...this.inbox];
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** A merchant, a point of sale and an active terminal attached to it. */
export async function placeTerminal(gw: HttpClient, token: string, options: { attach?: boolean; status?: 'active' | 'inactive' } = {}) {
  const merchant = await gw.request<{ id: string }>('POST', '/v1/merchants', { token, body: { name: 'Tienda La 14' } });
  const point = await gw.request<{ id: string }>('POST', '/v1/points-of-sale', { token, body: { merchant_id: merchant.body.id, name: 'Caja 1' } });
  const terminal = await gw.request<{ id: string }>('POST', '/v1/terminals', {
    token,
    body: { serial: `SIM-${Math.random().toString(36).slice(2, 10)}`, model: 'Simulator', ...(options.status ? { status: options.status } : {}) },
  });
  if (options.attach ?? true) {
    const attached = await gw.request('PATCH', `/v1/points-of-sale/${point.body.id}/terminals`, { token, body: { add: [terminal.body.id] } });
    expect(attached.status).toBe(200);
  }
  return { merchantId: merchant.body.id, pointOfSaleId: point.body.id, terminalId: terminal.body.id };
}
