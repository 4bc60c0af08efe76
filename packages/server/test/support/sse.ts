/** A Server-Sent Events client over fetch: records every event and comment line it reads. */
export interface SseEvent {
  id: string;
  event: string;
  data: { id: string; type: string; time: string; data: Record<string, unknown> };
}

export class SseStream {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  private readonly controller = new AbortController();
  status = 0;
  contentType = '';
  body = '';
  done: Promise<void> = Promise.resolve();
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

  static async open(url: string, token: string, headers: Record<string, string> = {}): Promise<SseStream> {
    const stream = new SseStream();
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
      signal: stream.controller.signal,
    });
    stream.status = response.status;
    stream.contentType = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !response.body) {
      stream.body = await response.text();
      stream.ended = true;
      return stream;
    }
    stream.done = stream.read(response.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    this.reader = reader;
    try {
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
            }
          }
          if (fields.data !== undefined)
            this.events.push({ id: fields.id ?? '', event: fields.event ?? 'message', data: JSON.parse(fields.data) as SseEvent['data'] });
        }
      }
    } catch {
      // Aborted or cancelled by close().
    } finally {
      this.ended = true;
    }
  }

  ids(): string[] {
    return this.events.map((e) => e.id);
  }

  /**
   * Ends the stream and waits for its reader to stop. The reader is cancelled as well as the request
   * aborted: an abort alone does not always settle a pending read of Node's fetch (undici), which
   * can leave it waiting until the server ends the stream.
   */
  async close(): Promise<void> {
    this.controller.abort();
    await this.reader?.cancel().catch(() => undefined);
    await this.done;
  }
}
