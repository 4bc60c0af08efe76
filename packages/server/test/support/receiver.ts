/**
 * A real local webhook receiver: records every delivery, verifies it with the
 * official `standardwebhooks` library, and answers what the test tells it to.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export class Receiver {
  readonly received: Received[] = [];
  /** Status codes to answer, in order; when empty, 200. */
  answers: number[] = [];
  /** The body of every answer. */
  answerBody = 'ok';
  /** How long each answer waits (a slow endpoint). */
  delayMs = 0;
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body, at: Date.now() });
        const status = this.answers.shift() ?? 200;
        setTimeout(() => response.writeHead(status, { 'content-type': 'text/plain' }).end(this.answerBody), this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
    return this;
  }

  /** Verifies a delivery with `secret` (throws if the signature does not match) and returns its payload. */
  static verify(secret: string, delivery: Received): { id: string; type: string; time: string; data: Record<string, unknown> } {
    const headers: Record<string, string> = {};
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) headers[name] = String(delivery.headers[name] ?? '');
    return new Webhook(secret).verify(delivery.body, headers) as ReturnType<typeof Receiver.verify>;
  }

  events(): Array<{ id: string; type: string; data: Record<string, unknown> }> {
    return this.received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> });
  }

  /** Stops listening and ends its connections, a delivery in progress too: a server's close alone waits for kept-alive connections. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
