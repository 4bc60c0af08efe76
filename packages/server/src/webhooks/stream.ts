/**
 * GET /v1/events/stream: the organization's events as Server-Sent Events, as
 * they commit (docs/webhooks.md "Events as a stream, and forwarding to your
 * machine").
 *
 * Across processes: the events table is the only source. While at least one
 * stream is open in this process, one poller reads, every
 * EVENT_STREAM_POLL_MS (250 ms), the events newer than what each open stream
 * has been sent, with one query per organization that has open streams. So an
 * event reaches its streams within about one poll interval of its commit,
 * whichever process recorded it, on SQLite as on PostgreSQL; a process with
 * no open stream does not poll.
 *
 * Ids are ULIDs: they sort by creation time, not by commit. An event made by
 * another process (or a slower transaction of this one) can commit after an
 * event with a greater id has been sent. So each poll reads again the last
 * OVERLAP_MS (2 s) of ids and sends what the stream has not been sent yet
 * (de-duplicated by id): a transaction that commits within 2 s of taking its
 * event id is never skipped. The stream is at-least-once across reconnects;
 * a client de-duplicates by event id, as it does for webhooks.
 */
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { TokenInvalid, type TokenService } from '../auth/tokens.js';
import type { Db } from '../db/database.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { eventBody } from '../events/store.js';
import { AUDIT_EVENT_TYPES, EVENT_TYPES, TEST_EVENT_TYPE } from '../events/types.js';

/** Late commits within this time of their id's timestamp still reach open streams. */
export const OVERLAP_MS = 2000;
const PAGE = 500;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const EVENT_ID = /^evt-[0-9a-hjkmnp-tv-z]{26}$/;
const KNOWN_TYPES = new Set<string>([...EVENT_TYPES, ...AUDIT_EVENT_TYPES]);

/** The smallest event id that a ULID made at `ms` can have. */
function idFloorAt(ms: number): string {
  let out = '';
  let time = Math.max(0, Math.floor(ms));
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  return `evt-${out}${'0'.repeat(16)}`;
}

interface EventRow {
  id: string;
  type: string;
  data: string;
  created_at: string;
}

interface Subscriber {
  organizationId: string;
  types: Set<string> | undefined;
  /** The greatest id this stream has been sent (or resumes after). */
  cursor: string;
  /** Ids in the overlap window this stream has been sent, or must not be sent. */
  seen: Set<string>;
  send(row: EventRow): void;
  end(): void;
}

export interface StreamHandle {
  close(): void;
}

/** One per process: the open streams and the poller that feeds them. */
export class EventStreamHub {
  private readonly subscribers = new Set<Subscriber>();
  /** Places taken by streams still opening (their first read in flight), per organization. */
  private readonly opening = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollIntervalMs: number; maxPerOrganization: number },
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Opens a stream of `organizationId`'s events: those after `after` (an
   * event id), or without it those that commit from now on.
   */
  async open(
    organizationId: string,
    after: string | undefined,
    types: Set<string> | undefined,
    callbacks: { send(row: EventRow): void; end(): void },
  ): Promise<StreamHandle> {
    if (this.closed) throw new ApiError('service_unavailable', 'The server is shutting down.');
    // Each open stream holds a socket and a share of the poller: an organization gets a bounded number per process.
    // The place is taken before the first await: counting, awaiting the database and then adding let
    // concurrent opens all see the same count (900 at once got 846 streams against a cap of 20).
    const opening = this.opening.get(organizationId) ?? 0;
    let open = opening;
    for (const s of this.subscribers) if (s.organizationId === organizationId) open += 1;
    if (open >= this.options.maxPerOrganization) {
      throw new ApiError(
        'rate_limited',
        `This organization already has ${open} event streams open on this server (EVENT_STREAM_MAX_PER_ORGANIZATION); close one first.`,
      );
    }
    this.opening.set(organizationId, opening + 1);
    try {
      const windowFloor = idFloorAt(Date.now() - OVERLAP_MS);
      const subscriber: Subscriber = { organizationId, types, cursor: after ?? windowFloor, seen: new Set(), ...callbacks };
      // What is already committed in the overlap window: up to `after` when resuming (the client has
      // it), everything when starting now (it is the past). Later commits there are new to this stream.
      if (after === undefined || after > windowFloor) {
        let query = this.db.selectFrom('events').select('id').where('organization_id', '=', organizationId).where('id', '>', windowFloor);
        if (after !== undefined) query = query.where('id', '<=', after);
        for (const row of await query.execute()) {
          subscriber.seen.add(row.id);
          if (row.id > subscriber.cursor) subscriber.cursor = row.id;
        }
      }
      if (this.closed) throw new ApiError('service_unavailable', 'The server is shutting down.');
      this.subscribers.add(subscriber);
      this.schedule(0);
      return { close: () => this.subscribers.delete(subscriber) };
    } finally {
      const left = (this.opening.get(organizationId) ?? 1) - 1;
      if (left > 0) this.opening.set(organizationId, left);
      else this.opening.delete(organizationId);
    }
  }

  /** Ends every open stream and stops the poller (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.timer || this.running || this.subscribers.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.poll()
        .catch((error: unknown) => this.log.warn({ err: error }, 'event stream poll failed; trying again'))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.options.pollIntervalMs);
        });
    }, delayMs);
  }

  private async poll(): Promise<void> {
    const windowFloor = idFloorAt(Date.now() - OVERLAP_MS);
    const byOrganization = new Map<string, Subscriber[]>();
    for (const s of this.subscribers) byOrganization.set(s.organizationId, [...(byOrganization.get(s.organizationId) ?? []), s]);
    for (const [organizationId, group] of byOrganization) {
      const bounds = new Map(group.map((s) => [s, s.cursor < windowFloor ? s.cursor : windowFloor]));
      let after = [...bounds.values()].reduce((a, b) => (a < b ? a : b));
      for (;;) {
        if (this.closed) return;
        const rows = await this.db
          .selectFrom('events')
          .select(['id', 'type', 'data', 'created_at'])
          .where('organization_id', '=', organizationId)
          .where('id', '>', after)
          // A test event is for the one endpoint it was sent to (webhooks/service.ts), never a stream.
          .where('type', '!=', TEST_EVENT_TYPE)
          .orderBy('id', 'asc')
          .limit(PAGE)
          .execute();
        for (const s of group) {
          if (!this.subscribers.has(s)) continue;
          const bound = bounds.get(s)!;
          for (const row of rows) {
            if (row.id <= bound || s.seen.has(row.id)) continue;
            s.seen.add(row.id);
            if (row.id > s.cursor) s.cursor = row.id;
            if (!s.types || s.types.has(row.type)) s.send(row);
          }
        }
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1]!.id;
      }
      // Forget ids that left the window: the bound (never below it once caught up) excludes them.
      for (const s of group) for (const id of s.seen) if (id <= windowFloor) s.seen.delete(id);
    }
  }
}

/** One Server-Sent Event: the same JSON as GET /v1/events/{id}. */
export function sseEvent(row: EventRow): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(eventBody(row))}\n\n`;
}

const StreamQuery = Type.Object({
  last_event_id: Type.Optional(Type.String({ maxLength: 100, description: 'Resume after this event id (as the `Last-Event-ID` header).' })),
  types: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated event types; only these are sent.' })),
});

export async function eventStreamRoutes(base: FastifyInstance, opts: { hub: EventStreamHub; tokens: TokenService; heartbeatMs: number }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { hub, tokens, heartbeatMs } = opts;
  // Open streams end at shutdown, before the server waits for its connections.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/v1/events/stream',
    {
      config: { scopes: ['webhooks:read'], longLived: true },
      schema: {
        tags: ['Events'],
        summary: 'Follow events as they happen (Server-Sent Events)',
        operationId: 'events.stream',
        description: [
          "A `text/event-stream` of the organization's events as they commit, whichever server process recorded them.",
          'Each event is `id: <event id>`, `event: <type>`, `data: <the JSON of GET /v1/events/{id}>`.',
          'Send `Last-Event-ID` (or `?last_event_id=`) to resume after that event: the missed ones come first, in order.',
          'A `: ping` comment line comes every EVENT_STREAM_HEARTBEAT_SECONDS (15 s); the token is checked again then, and the stream ends once it is expired or revoked. Latency is about EVENT_STREAM_POLL_MS (250 ms).',
          'Delivery is at least once across reconnects: de-duplicate by event id. The request timeout does not apply.',
        ].join(' '),
        querystring: StreamQuery,
        response: {
          200: {
            description: 'The event stream.',
            content: {
              'text/event-stream': {
                schema: Type.String({ description: 'Server-Sent Events: `id`, `event` and `data` lines per event; `: ping` heartbeats.' }),
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const organizationId = principalOf(request).organizationId;
      const details: ErrorDetail[] = [];
      const header = request.headers['last-event-id'];
      const after = (Array.isArray(header) ? header[0] : header) ?? request.query.last_event_id;
      if (after !== undefined && !EVENT_ID.test(after))
        details.push({ field: header === undefined ? 'last_event_id' : 'Last-Event-ID', message: 'must be an event id (evt-...)' });
      let types: Set<string> | undefined;
      if (request.query.types !== undefined) {
        const list = request.query.types.split(',').map((t) => t.trim());
        list.forEach((type, i) => {
          if (!KNOWN_TYPES.has(type)) details.push({ field: `types.${i}`, message: `unknown event type ${type}` });
        });
        types = new Set(list);
      }
      if (details.length > 0) throw ApiError.validation(details);

      const body = new PassThrough();
      const write = (text: string) => {
        if (!body.destroyed && !body.writableEnded) body.write(text);
      };
      const opened: { handle?: StreamHandle } = {};
      // At each heartbeat the token is checked again: a revoked or expired token's stream ends.
      const token = (request.headers.authorization ?? '').slice('Bearer '.length);
      const heartbeat = setInterval(() => {
        if (tokens.verifyCached(token)) return write(': ping\n\n');
        tokens.verify(token).then(
          () => write(': ping\n\n'),
          (error: unknown) => {
            if (!(error instanceof TokenInvalid)) return request.log.warn({ err: error }, 'event stream: token check failed; trying at the next heartbeat');
            write(`: ${error.message}\n\n`);
            body.end();
          },
        );
      }, heartbeatMs);
      heartbeat.unref();
      const release = () => {
        clearInterval(heartbeat);
        opened.handle?.close();
      };
      // Fastify destroys the body when the response closes (client gone, or the stream ended).
      body.on('close', release);
      reply.raw.on('close', () => body.destroy());
      try {
        opened.handle = await hub.open(organizationId, after, types, {
          send: (row) => write(sseEvent(row)),
          end: () => body.end(),
        });
      } catch (error) {
        release();
        body.destroy();
        throw error;
      }
      // The client may have gone while the stream opened.
      if (body.destroyed || reply.raw.destroyed || request.raw.socket.destroyed) {
        release();
        body.destroy();
      }
      // The first bytes send the headers: the stream is open from here.
      write(': connected\nretry: 2000\n\n');
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-store')
          .header('x-accel-buffering', 'no')
          // The schema documents the stream as text; what is sent is the stream itself.
          .send(body as unknown as string)
      );
    },
  );
}
